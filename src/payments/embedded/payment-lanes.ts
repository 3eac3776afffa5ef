/**
 * The order in which the payment thread starts its work: the payments of cheap calls before those of heavy ones.
 *
 * Why: every paid call verifies and settles on the one payment thread and its one chain. A cheap call (a price,
 * a report) is mostly that work, while a heavy call (a pattern search, a playbook) spends tens of milliseconds
 * computing and a few on its payment. Under a heavy load the heavy calls' payment steps interleave with a cheap
 * call's, on the thread and in the chain's queue, and the cheap call's verify and settle took 2.5x and 2x as long
 * as alone (`bench:event-loop`, timed inside the service). So a heavy call's payment step that arrives while a
 * cheap one is under way waits until no cheap one is (never longer than `maxHoldMs`, so a stream of cheap calls
 * cannot hold it back for good); what is already under way is never paused. Everything else (mints, balances,
 * chain requests) starts at once, as before.
 */
export type PaymentLane = "cheap" | "heavy";

export interface PaymentLanes {
  /** Starts `work` now, or once no cheap payment step is under way (heavy lane, at most `maxHoldMs` later). */
  run(lane: PaymentLane | undefined, work: () => Promise<unknown>): void;
  /** Heavy steps waiting to start (tests). */
  readonly held: number;
}

export function paymentLanes(maxHoldMs: number): PaymentLanes {
  let cheapUnderWay = 0;
  const held: Array<() => void> = [];
  let holdTimer: ReturnType<typeof setTimeout> | undefined;

  const releaseHeld = () => {
    if (holdTimer !== undefined) clearTimeout(holdTimer);
    holdTimer = undefined;
    for (const start of held.splice(0)) start();
  };
  const start = (work: () => Promise<unknown>) => {
    // The payment thread's work answers its caller itself and never rejects; the catch only keeps a bug from
    // becoming an unhandled rejection.
    work().catch(() => undefined);
  };

  return {
    run(lane, work) {
      if (lane === "cheap") {
        cheapUnderWay += 1;
        const done = () => {
          cheapUnderWay -= 1;
          if (cheapUnderWay === 0) releaseHeld();
        };
        work().then(done, done);
        return;
      }
      if (lane === "heavy" && cheapUnderWay > 0) {
        held.push(() => start(work));
        holdTimer ??= setTimeout(releaseHeld, maxHoldMs);
        return;
      }
      start(work);
    },
    get held() {
      return held.length;
    },
  };
}
