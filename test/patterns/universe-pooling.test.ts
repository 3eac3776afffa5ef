import { describe, expect, it } from "vitest";
import { naiveBaseline, naiveOutcome, readDataset, type Dataset } from "../forecasts/forecast-oracle.js";
import { paidRoutes } from "../support/paid-routes.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

type Body = Record<string, any>;

/** Offline files of the `universe=all` list, by the ticker a match names. */
const FILES = new Map([
  ["AAPL", "AAPL.csv"], ["AMZN", "AMZN.csv"], ["GOOGL", "GOOGL.csv"], ["MSFT", "MSFT.csv"], ["NVDA", "NVDA.csv"], ["TSLA", "TSLA.csv"],
  ["SPY", "SPY.csv"], ["QQQ", "QQQ.csv"], ["BTC-USD", "BTC-USD.csv"], ["ETH-USD", "ETH-USD.csv"], ["SOL-USD", "SOL-USD.csv"],
  ["GC=F", "GOLD.csv"], ["^VIX", "VIX.csv"], ["^TNX", "US10Y.csv"], ["EURUSD=X", "EURUSD.csv"], ["CL=F", "WTI.csv"], ["BZ=F", "BRENT.csv"],
]);
/** Quotes whose moves are not a price's returns: never pooled with a price query. */
const NOT_PRICES = new Map([["^TNX", "changes of a yield"], ["^VIX", "moves of a volatility index"]]);

function volatility(ds: Dataset, e: number, m: number): number | null {
  const first = Math.max(0, e - Math.max(m, 20) + 1);
  const r: number[] = [];
  for (let i = first + 1; i <= e; i++) r.push(Math.log(ds.closes[i] / ds.closes[i - 1]));
  if (r.length < 5) return null;
  const mean = r.reduce((s, v) => s + v, 0) / r.length;
  return Math.sqrt(r.reduce((s, v) => s + (v - mean) ** 2, 0) / (r.length - 1));
}

/**
 * The pooled mean as documented, from the CSVs: each counted outcome of a price series as
 * b_query + (r - b_series) * vol_query / vol_analog, independent by calendar span [window start, horizon close].
 */
function pooledMean(body: Body, queryFile: string, queryStart: string, days: number): { mean: number; n: number; excluded: Set<string> } {
  const query = readDataset(queryFile);
  const q0 = query.dates.indexOf(queryStart);
  const m = body.query.bars as number;
  const volQ = volatility(query, q0 + m - 1, m)!;
  const bQ = naiveBaseline(query, days).mean;
  const items: { start: number; end: number; value: number }[] = [];
  const excluded = new Set<string>();
  for (const match of body.matches as Body[]) {
    const ds = readDataset(FILES.get(match.ticker)!);
    const s = ds.dates.indexOf(match.dates[0]);
    const e = s + match.dates.length - 1;
    const o = naiveOutcome(ds, e, days);
    if (o.status !== "counted") continue;
    // The query's own series: an outcome that runs into the query window is made of its bars.
    if (match.ticker === body.query.ticker && e < q0 && o.j! > q0) continue;
    if (NOT_PRICES.has(match.ticker)) {
      excluded.add(match.ticker);
      continue;
    }
    const value = bQ + ((o.ret! - naiveBaseline(ds, days).mean) * volQ) / volatility(ds, e, m)!;
    items.push({ start: ds.times[s], end: ds.times[o.j!], value });
  }
  const kept: number[] = [];
  let lastEnd = -Infinity;
  for (const item of [...items].sort((a, b) => a.end - b.end || a.start - b.start)) {
    if (item.start >= lastEnd) {
      kept.push(item.value);
      lastEnd = item.end;
    }
  }
  return { mean: kept.reduce((a, b) => a + b, 0) / kept.length, n: kept.length, excluded };
}

describe.skipIf(!SHARED_PRESENT)("universe searches pool outcomes on comparable terms", () => {
  const { call } = paidRoutes();

  it("SPY, Aug-Sep 2013, k=50 over universe=all: no edge that SPY's own history does not show, yields and VIX left out", async () => {
    const window = "ticker=SPY&start_date=2013-08-05&end_date=2013-09-18&k=50&wrap=false";
    const pooled = await call(`/get_patterns?${window}&universe=all`);
    const own = await call(`/get_patterns?${window}`);
    expect([pooled.status, own.status]).toEqual([200, 200]);
    const [p30, o30] = [pooled.body.evidence[1], own.body.evidence[1]];
    expect(p30.horizon_days).toBe(30);
    // Before: +3.53% (t = 1.64) pooled against -0.26% alone, from other series' drift. Now the two agree within noise.
    const se = (e: Body) => (e.excess_over_baseline.high - e.excess_over_baseline.low) / (2 * 1.645);
    expect(Math.abs(p30.excess_over_baseline.mean - o30.excess_over_baseline.mean)).toBeLessThan(1.645 * Math.hypot(se(p30), se(o30)));
    expect(Math.abs(p30.excess_over_baseline.t_stat)).toBeLessThan(1);
    // What entered and what did not, and why.
    const oracle = pooledMean(pooled.body, "SPY.csv", "2013-08-05", 30);
    expect(p30.mean_ci.n_independent).toBe(oracle.n);
    expect(p30.mean_ci.mean).toBeCloseTo(oracle.mean, 10);
    expect(p30.pooling.excluded.map((x: Body) => x.ticker).sort()).toEqual([...oracle.excluded].sort());
    for (const x of p30.pooling.excluded) expect(x.reason).toContain(NOT_PRICES.get(x.ticker));
    expect(p30.pooling.pooled.map((x: Body) => x.ticker)).not.toContain("^VIX");
    expect(own.body.evidence[1].pooling).toBeNull();
  });
});
