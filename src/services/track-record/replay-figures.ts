import type { SearchableSeries } from "../../analytics/cross-series-analogs.js";
import type { Evidence } from "../../analytics/forecast-evidence.js";
import { INTERVAL_LEVEL } from "../../analytics/interval-policy.js";
import { upperBound, type PriceSeries } from "../../analytics/price-series.js";
import type { ReturnStats } from "../../analytics/return-distribution.js";
import { prepareSeries } from "../../core/prepared-series.js";
import { DAY_MS, formatBarTime } from "../../domain/bar.js";
import type { HorizonFigures } from "./forecast-claims.js";

/** A horizon's figures from the analytics objects, as evidenceWire and the routes put them on the wire. */
export function figuresOf(stats: ReturnStats, evidence: Evidence): HorizonFigures {
  return { ...evidenceFigures(evidence), n: stats.n, mean: stats.mean, std: stats.std, hitRate: stats.hitRate, p10: stats.p10, p50: stats.p50, p90: stats.p90 };
}

/** A horizon's figures when the route publishes its evidence only (/get_patterns, /macro_analog): n is the independent outcomes'. */
export function evidenceFigures(evidence: Evidence): HorizonFigures {
  return {
    n: evidence.nIndependent,
    mean: null,
    std: null,
    hitRate: null,
    p10: null,
    p50: null,
    p90: null,
    meanCi: { nIndependent: evidence.nIndependent, mean: evidence.meanIndependent, low: evidence.meanCi?.low ?? null, high: evidence.meanCi?.high ?? null, level: INTERVAL_LEVEL },
    baselineMean: evidence.baseline.mean,
    baselineHitRate: evidence.baseline.hitRate,
  };
}

/** A bar's date, as the routes echo it. */
export const barDate = (series: PriceSeries, bar: number) => formatBarTime(series.timesMs[bar], "1d");

/** The dated window a live call would send for the `m` bars ending at `bar`: [first bar's date, the day after the last). */
export function windowDates(series: PriceSeries, bar: number, m: number): { start_date: string; end_date: string } {
  return { start_date: barDate(series, bar - m + 1), end_date: formatBarTime(series.timesMs[bar] + DAY_MS, "1d") };
}

/** The bars of a history up to and including `lastBar` (views, no copy). */
export function seriesUpTo(series: PriceSeries, lastBar: number): PriceSeries {
  const end = lastBar + 1;
  return {
    ticker: series.ticker,
    timeframe: series.timeframe,
    timesMs: series.timesMs.subarray(0, end),
    opens: series.opens.subarray(0, end),
    highs: series.highs.subarray(0, end),
    lows: series.lows.subarray(0, end),
    closes: series.closes.subarray(0, end),
    breakBefore: series.breakBefore.subarray(0, end),
  };
}

/**
 * The history as a live call would have found it at a moment: its bars at or before `moment` only, prepared for
 * searches. The routes that search the whole history (/get_patterns, /playbook) or scan it (/pattern_backtest,
 * /macro_analog) are replayed on this, so they cannot read a later bar whatever they do.
 */
export function historyAt(series: PriceSeries, momentMs: number): SearchableSeries | null {
  const last = upperBound(series.timesMs, momentMs) - 1;
  if (last < 0) return null;
  const cut = seriesUpTo(series, last);
  return { series: cut, prepared: prepareSeries(cut.closes, cut.breakBefore) };
}
