/**
 * The documented /correlation_matrix example: AAPL, MSFT, SPY and gold futures over the year to their last shared date.
 * Computed by the service on the shared daily dataset, not invented; the contract test replays it.
 */
export const CORRELATION_EXAMPLE = {
  params: { tickers: "AAPL,MSFT,SPY,GC=F", period: "1y" },
  response: {
    tickers: ["AAPL", "MSFT", "SPY", "GC=F"],
    period: "1y" as const,
    start_date: "2023-12-06",
    end_date: "2024-12-06",
    n_returns: 252,
    dropped_returns: 0,
    matrix: [
      [1, 0.45832000723073557, 0.5330067745516276, 0.0440938299883458],
      [0.45832000723073557, 1, 0.7241725058690495, 0.08634103571778289],
      [0.5330067745516276, 0.7241725058690495, 1, 0.1628923831041408],
      [0.0440938299883458, 0.08634103571778289, 0.1628923831041408, 1],
    ],
    strongest_pairs: [
      { a: "MSFT", b: "SPY", correlation: 0.7241725058690495 },
      { a: "AAPL", b: "SPY", correlation: 0.5330067745516276 },
      { a: "AAPL", b: "MSFT", correlation: 0.45832000723073557 },
    ],
    weakest_pairs: [
      { a: "AAPL", b: "GC=F", correlation: 0.0440938299883458 },
      { a: "MSFT", b: "GC=F", correlation: 0.08634103571778289 },
      { a: "SPY", b: "GC=F", correlation: 0.1628923831041408 },
    ],
    diversification: { score: 0.6651955772563862, mean_correlation: 0.3348044227436137, effective_bets: 2.6190761002962506, tickers: 4 },
  },
};
