import type { MppCharge } from "./mpp-charge.js";

export interface LazyMppCharge extends MppCharge {
  /** Loads the charge (once; retried after a failure). */
  load(): Promise<MppCharge>;
}

/**
 * An MppCharge whose module (mppx, ~0.6 s to load) is imported on first use instead of at start-up.
 * `receiptFor` is synchronous: it is only ever called after `toX402Payment` has accepted a credential, so
 * the charge is loaded by then; calling it earlier is a wiring bug and throws.
 */
export function lazyMppCharge(create: () => Promise<MppCharge>): LazyMppCharge {
  let loading: Promise<MppCharge> | undefined;
  let loaded: MppCharge | undefined;
  const load = () => {
    loading ??= create().then(
      (charge) => (loaded = charge),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    load,
    challengeFor: async (paymentRequired) => (await load()).challengeFor(paymentRequired),
    toX402Payment: async (authorization, paymentRequired) => (await load()).toX402Payment(authorization, paymentRequired),
    receiptFor(transaction, settledAt) {
      if (loaded === undefined) throw new Error("an MPP receipt was asked for before any MPP credential was checked");
      return loaded.receiptFor(transaction, settledAt);
    },
  };
}
