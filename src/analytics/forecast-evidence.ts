import { bootstrapMeanInterval, type Interval } from "../core/bootstrap.js";
import { BoundedLru } from "../core/bounded-lru.js";
import { returnBetween } from "../core/returns.js";
import { mean, sampleStd } from "../core/statistics.js";
import { closeAtMoment } from "./forward-distribution.js";
import type { PriceSeries } from "./price-series.js";
import { describeReturns, type ReturnStats } from "./return-distribution.js";
import { DAY_MS } from "../domain/bar.js";

/**
 * Bootstrap policy, the same for every interval the service publishes: 2000 resamples, a 90% central
 * interval, and a fresh mulberry32 generator seeded with 1 for each interval, so the same request always
 * gets the same interval (and a caller can recompute it).
 */
export const BOOTSTRAP_RESAMPLES = 2000;
export const BOOTSTRAP_LEVEL = 0.9;
export const BOOTSTRAP_SEED = 1;

/**
 * Which history produced a figure. causal: only what was known at the query window's first bar (analogs
 * end before it starts, outcomes and the baseline close by then). full_history: the whole stored history,
 * later bars included (fine to study a past episode; not what a trader could have known then).
 */
export type ForecastMode = "causal" | "full_history";

export interface Baseline extends ReturnStats {
  horizonDays: number;
  /** First and last bars t whose outcome counted. */
  fromMs: number | null;
  toMs: number | null;
}

/**
 * The unconditional figure a forecast must beat: the return from every bar t of the series to the close that
 * stands for `horizonDays` calendar days later (closeAtMoment: the same rule as an analog's outcome), over
 * every t whose outcome real history covers; with `lastCloseIndex`, only outcomes whose horizon close is at
 * or before that bar (causal: what was known then). Overlapping, so a base rate, not independent evidence.
 * `kind` "change" measures differences in the quote's units (yields in percentage points) instead of returns.
 */
export function unconditionalBaseline(
  series: PriceSeries,
  horizonDays: number,
  lastCloseIndex = Number.POSITIVE_INFINITY,
  kind: "return" | "change" = "return",
): Baseline {
  // A pure function of an immutable series (the series cache replaces, never edits, a history), and a whole-
  // history pass plus sorts that every pattern, playbook and forecast call repeats on the main thread: memoised
  // per series object, a few arguments each. A copy goes out, so no caller can alter the memo.
  const memo = baselineMemo.get(series.closes) ?? new BoundedLru<string, Baseline>(BASELINE_MEMO_ENTRIES);
  baselineMemo.set(series.closes, memo);
  const key = `${horizonDays}|${lastCloseIndex}|${kind}`;
  const known = memo.get(key) ?? computeBaseline(series, horizonDays, lastCloseIndex, kind);
  memo.set(key, known);
  return { ...known };
}

/** Per series: a handful of horizons, plus causal cut-offs (one per query window) that come and go. */
const BASELINE_MEMO_ENTRIES = 16;
/**
 * Keyed by the closes column, not the series object: the series cache hands out relabelled copies of one
 * history (BTC and BTC-USD share the columns), and each copy would otherwise start an empty memo.
 */
const baselineMemo = new WeakMap<Float64Array, BoundedLru<string, Baseline>>();

function computeBaseline(series: PriceSeries, horizonDays: number, lastCloseIndex: number, kind: "return" | "change"): Baseline {
  const { timesMs, closes } = series;
  const values: number[] = [];
  let fromMs: number | null = null;
  let toMs: number | null = null;
  for (let t = 0; t < timesMs.length; t++) {
    const { index } = closeAtMoment(timesMs, t, timesMs[t] + horizonDays * DAY_MS);
    if (index === null || index > lastCloseIndex) continue;
    // A change in the quote's own units for yields (as their anchored moves), a simple return otherwise.
    const r = kind === "change" ? closes[index] - closes[t] : returnBetween(closes, t, index);
    if (!Number.isFinite(r)) continue;
    values.push(r);
    fromMs ??= timesMs[t];
    toMs = timesMs[t];
  }
  return { horizonDays, ...describeReturns(values), fromMs, toMs };
}

export interface Evidence {
  baseline: Baseline;
  /** Independent outcomes (their spans share no daily return) the interval rests on, and their mean. */
  nIndependent: number;
  meanIndependent: number | null;
  /** Bootstrap interval of that mean; null below two independent outcomes. */
  meanCi: Interval | null;
  /** meanIndependent - baseline mean, with the interval shifted by the same amount (the baseline rests on thousands of bars: its own error is negligible beside the analogs'). */
  excess: { mean: number | null; ci: Interval | null; tStat: number | null };
}

/**
 * The figures that say whether analogs tell anything: the bootstrap interval of the independent outcomes'
 * mean, the baseline, and their difference with its interval and t statistic
 * t = (mean - baseline mean) / (sample std / sqrt(n)), null below two outcomes or without spread.
 */
export function forecastEvidence(independent: readonly number[], baseline: Baseline): Evidence {
  const n = independent.length;
  const meanIndependent = n === 0 ? null : mean(independent);
  const meanCi = bootstrapMeanInterval(independent, BOOTSTRAP_RESAMPLES, BOOTSTRAP_LEVEL, BOOTSTRAP_SEED);
  const base = baseline.mean;
  if (meanIndependent === null || base === null) return { baseline, nIndependent: n, meanIndependent, meanCi, excess: { mean: null, ci: null, tStat: null } };
  const std = n >= 2 ? sampleStd(independent) : 0;
  const excessMean = meanIndependent - base;
  return {
    baseline,
    nIndependent: n,
    meanIndependent,
    meanCi,
    excess: {
      mean: excessMean,
      ci: meanCi === null ? null : { low: meanCi.low - base, high: meanCi.high - base },
      tStat: std > 0 ? excessMean / (std / Math.sqrt(n)) : null,
    },
  };
}
