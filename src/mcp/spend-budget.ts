import { USDC_DECIMALS } from "../payments/usdc-on-base.js";

const ATOMIC_PER_USD = 10 ** USDC_DECIMALS;

export const usdToAtomicUnits = (usd: number): bigint => BigInt(Math.round(usd * ATOMIC_PER_USD));
export const formatUsd = (atomic: bigint): string => `$${(Number(atomic) / ATOMIC_PER_USD).toFixed(6).replace(/0{1,4}$/, "")}`;

/**
 * The process's spend controls (MCP_MAX_SPEND_USD in total, MCP_MAX_PRICE_USD per call), in atomic USDC.
 * A payment is reserved before it is signed and released when the service settles nothing, so concurrent
 * calls can never sign more than the cap between them.
 */
export class SpendBudget {
  private spentAtomic = 0n;

  constructor(
    readonly maxSpendAtomic: bigint,
    readonly maxPriceAtomic: bigint | undefined,
  ) {}

  get spent(): bigint {
    return this.spentAtomic;
  }

  /** Why a payment of `amount` must not be made, or undefined when it fits both caps. */
  refusal(amountAtomic: bigint): string | undefined {
    if (this.maxPriceAtomic !== undefined && amountAtomic > this.maxPriceAtomic) {
      return `the call costs ${formatUsd(amountAtomic)}, above the per-call cap MCP_MAX_PRICE_USD=${formatUsd(this.maxPriceAtomic)}`;
    }
    if (this.spentAtomic + amountAtomic > this.maxSpendAtomic) {
      return (
        `the call costs ${formatUsd(amountAtomic)} and this session has spent ${formatUsd(this.spentAtomic)} of its ` +
        `MCP_MAX_SPEND_USD=${formatUsd(this.maxSpendAtomic)} budget; raise MCP_MAX_SPEND_USD and restart the server to spend more`
      );
    }
    return undefined;
  }

  reserve(amountAtomic: bigint): void {
    this.spentAtomic += amountAtomic;
  }

  release(amountAtomic: bigint): void {
    this.spentAtomic -= amountAtomic;
  }

  describe(): string {
    const perCall = this.maxPriceAtomic === undefined ? "" : `, at most ${formatUsd(this.maxPriceAtomic)} per call`;
    return `spent ${formatUsd(this.spentAtomic)} of ${formatUsd(this.maxSpendAtomic)} this session${perCall}`;
  }
}
