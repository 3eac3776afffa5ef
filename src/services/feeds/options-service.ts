import { AppError } from "../../domain/app-error.js";
import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";
import type { OptionChain, OptionContract, OptionsProvider } from "../../providers/feeds/port.js";
import { FEED_POLICIES } from "./feed-policies.js";
import type { Served, SnapshotCache } from "./snapshot-cache.js";

export interface PutCallRatios {
  /** Σ put open interest / Σ call open interest over the contracts that report it; null when calls sum to 0. */
  open_interest: number | null;
  volume: number | null;
}

function ratio(puts: OptionContract[], calls: OptionContract[], field: "open_interest" | "volume"): number | null {
  const sum = (list: OptionContract[]) => list.reduce((acc, c) => acc + (c[field] ?? 0), 0);
  const denominator = sum(calls);
  return denominator > 0 ? sum(puts) / denominator : null;
}

export function putCallRatios(chain: OptionChain): PutCallRatios {
  return { open_interest: ratio(chain.puts, chain.calls, "open_interest"), volume: ratio(chain.puts, chain.calls, "volume") };
}

/**
 * Option chains stored per (symbol, expiration) for 10 minutes. The nearest chain is always read first: it
 * carries the list of expirations that a requested date is checked against (an unlisted date is a 422 that
 * lists the valid ones, never a silently different chain).
 */
export class OptionsService {
  constructor(
    private readonly resolve: (ticker: string) => ResolvedSymbol,
    private readonly provider: OptionsProvider,
    private readonly cache: SnapshotCache,
  ) {}

  async chain(ticker: string, expiration: string | undefined): Promise<Served<OptionChain> & { ticker: string }> {
    const symbol = this.resolve(ticker);
    const policy = FEED_POLICIES.options;
    const nearest = await this.cache.get(policy, `${symbol.source}|nearest`, () => this.provider.chain(symbol.source));
    if (nearest.value.expirations.length === 0) {
      throw new AppError("NO_DATA", `${symbol.ticker} has no listed options at the source`);
    }
    if (expiration === undefined || expiration === nearest.value.expiration) return { ...nearest, ticker: symbol.ticker };
    if (!nearest.value.expirations.includes(expiration)) {
      const valid = nearest.value.expirations.join(", ");
      throw new AppError("VALIDATION_FAILED", `expiration: ${expiration} is not a listed expiration of ${symbol.ticker}; listed: ${valid}`, {
        details: [{ param: "expiration", issue: `must be one of ${valid}` }],
      });
    }
    const served = await this.cache.get(policy, `${symbol.source}|${expiration}`, () => this.provider.chain(symbol.source, expiration));
    return { ...served, ticker: symbol.ticker };
  }
}
