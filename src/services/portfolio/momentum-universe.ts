/** Where a scan's default universe comes from; main picks it (a configured list live, the data folder offline). */
export interface MomentumUniverse {
  /** What the list is, for the response. */
  readonly description: string;
  tickers(): Promise<string[]>;
}

/**
 * The live default universe: the 40 largest, most traded US stocks (by market capitalisation and dollar
 * volume, reviewed 2025-06; a static list, not refreshed) and the five most traded crypto assets.
 */
export const LIVE_MOMENTUM_TICKERS: readonly string[] = [
  "AAPL", "MSFT", "NVDA", "AMZN", "GOOGL", "META", "TSLA", "AVGO", "BRK.B", "JPM",
  "LLY", "V", "UNH", "XOM", "MA", "COST", "HD", "PG", "JNJ", "WMT",
  "NFLX", "ORCL", "CRM", "AMD", "ADBE", "KO", "PEP", "BAC", "MRK", "ABBV",
  "CVX", "CSCO", "TMO", "MCD", "INTC", "QCOM", "IBM", "CAT", "GE", "DIS",
  "BTC", "ETH", "SOL", "XRP", "DOGE",
];

export function staticUniverse(tickers: readonly string[], description: string): MomentumUniverse {
  return { description, tickers: async () => [...tickers] };
}
