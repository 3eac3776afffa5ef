import { validationError } from "../../domain/app-error.js";
import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";
import type { Fundamentals, FundamentalsProvider } from "../../providers/feeds/port.js";
import { FEED_POLICIES } from "./feed-policies.js";
import type { Served, SnapshotCache } from "./snapshot-cache.js";

const WHY_NOT: Partial<Record<ResolvedSymbol["assetClass"], string>> & Record<"etf", string> = {
  etf: "a fund",
  crypto: "a cryptocurrency",
  fx: "a currency pair",
  commodity: "a commodity future",
  index: "an index",
  rate: "an interest-rate index",
};

/** Company fundamentals exist for stocks and funds only; everything else is the caller's mistake (422). */
export function requireCompany(symbol: ResolvedSymbol, what: string): void {
  const why = WHY_NOT[symbol.assetClass];
  if (why !== undefined && symbol.assetClass !== "etf") throw validationError("ticker", `${symbol.ticker} is ${why}; ${what} exist only for stocks and funds`);
}

/** Only a company reports earnings: a fund, coin, pair, future or index is the caller's mistake (422). */
export function requireReportingCompany(symbol: ResolvedSymbol): void {
  const why = WHY_NOT[symbol.assetClass];
  if (why !== undefined) throw validationError("ticker", `${symbol.ticker} is ${why}; only companies report earnings`);
}

/** Yahoo quoteSummary fundamentals, stored per source symbol for 24 hours. */
export class FundamentalsService {
  constructor(
    private readonly resolve: (ticker: string) => ResolvedSymbol,
    private readonly provider: FundamentalsProvider,
    private readonly cache: SnapshotCache,
  ) {}

  async fundamentals(ticker: string): Promise<Served<Fundamentals> & { ticker: string }> {
    const symbol = this.resolve(ticker);
    requireCompany(symbol, "fundamentals");
    const served = await this.cache.get(FEED_POLICIES.fundamentals, symbol.source, () => this.provider.fundamentals(symbol.source));
    return { ...served, ticker: symbol.ticker };
  }
}
