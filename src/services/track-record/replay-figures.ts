import { analogForecast } from "../../analytics/analog-forecast.js";
import type { Evidence } from "../../analytics/forecast-evidence.js";
import { INTERVAL_LEVEL } from "../../analytics/interval-policy.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import type { ReturnStats } from "../../analytics/return-distribution.js";
import type { PreparedSeries } from "../../core/prepared-series.js";
import type { HorizonFigures } from "./forecast-claims.js";

/** One replayed decision: the bar it was made at and each horizon's figures (null: that bar could not be queried). */
export interface ReplayDecision {
  bar: number;
  horizons: { horizonDays: number; figures: HorizonFigures }[] | null;
}

export interface ReplayTaskArgs {
  /** Decision bars: each forecast's query window ends there. */
  bars: readonly number[];
  lookbackBars: number;
  k: number;
  horizonsDays: readonly number[];
}

/** A horizon's figures from the analytics objects, as evidenceWire and the route put them on the wire. */
export function figuresOf(stats: ReturnStats, evidence: Evidence): HorizonFigures {
  return {
    n: stats.n,
    mean: stats.mean,
    std: stats.std,
    hitRate: stats.hitRate,
    p10: stats.p10,
    p50: stats.p50,
    p90: stats.p90,
    meanCi: { nIndependent: evidence.nIndependent, mean: evidence.meanIndependent, low: evidence.meanCi?.low ?? null, high: evidence.meanCi?.high ?? null, level: INTERVAL_LEVEL },
    baselineMean: evidence.baseline.mean,
    baselineHitRate: evidence.baseline.hitRate,
  };
}

/**
 * The forecasts a route would have answered at each decision bar t, from the same function the live routes run
 * (analogForecast, causal: the query is the `lookbackBars` bars ending at t; analogs end before the query starts,
 * their outcomes and the baseline close by then), so each decision reads bars up to t only. A bar whose query
 * window spans a gap, or whose history before it is shorter than the window (the live routes' 422s), is skipped.
 * Runs on a search worker (worker-tasks.ts).
 */
export function replayDecisions(series: PriceSeries, prepared: PreparedSeries, args: ReplayTaskArgs): ReplayDecision[] {
  const m = args.lookbackBars;
  return args.bars.map((bar) => {
    const start = bar - m + 1;
    if (start < m || !prepared.isEligibleWindow(start, m)) return { bar, horizons: null };
    const figures = analogForecast(series, prepared, { start, m }, { k: args.k, metric: "l2", horizonsDays: args.horizonsDays, causal: true });
    return {
      bar,
      horizons: figures.distribution.horizons.map((h, i) => ({ horizonDays: h.horizonDays, figures: figuresOf(h.stats, figures.evidence[i]) })),
    };
  });
}
