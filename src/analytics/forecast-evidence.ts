import { BoundedLru } from "../core/bounded-lru.js";
import { differenceInterval, skewCorrectedMeanInterval, type Interval } from "../core/mean-interval.js";
import { returnBetween } from "../core/returns.js";
import { mean, sampleStd, skewness } from "../core/statistics.js";
import { studentTTwoSidedP } from "../core/student-t.js";
import { closeAtMoment } from "./forward-distribution.js";
import { INTERVAL_LEVEL, intervalOfMean } from "./interval-policy.js";
import type { PriceSeries } from "./price-series.js";
import { describeReturns, selectIndependent, type ReturnStats } from "./return-distribution.js";
import { DAY_MS } from "../domain/bar.js";

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
  /**
   * The baseline's outcomes overlap (one per bar, each spanning the horizon), so its mean rests on far fewer
   * independent periods than it has outcomes: the most outcomes whose spans share no day, as for the analogs.
   */
  nEffective: number;
  /** Standard error of the mean: std / √nEffective; null below two effective periods. */
  meanSe: number | null;
  /** Skewness of the outcomes (null below three): the shape the skew correction of every interval reads. */
  skewness: number | null;
}

/**
 * A baseline from its outcomes and the bar spans [t, horizon close] they cover (in time order of t), dated
 * by `timesMs`. The effective size is the greedy count of spans that share no day (selectIndependent).
 */
export function baselineOf(horizonDays: number, values: readonly number[], spans: readonly { start: number; end: number }[], timesMs: Float64Array): Baseline {
  const stats = describeReturns(values);
  const nEffective = selectIndependent(spans).length;
  return {
    horizonDays,
    ...stats,
    fromMs: spans.length === 0 ? null : timesMs[spans[0].start],
    toMs: spans.length === 0 ? null : timesMs[spans[spans.length - 1].start],
    nEffective,
    meanSe: stats.std === null || nEffective < 2 ? null : stats.std / Math.sqrt(nEffective),
    skewness: values.length < 3 ? null : skewness(values),
  };
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
  const spans: { start: number; end: number }[] = [];
  for (let t = 0; t < timesMs.length; t++) {
    const { index } = closeAtMoment(timesMs, t, timesMs[t] + horizonDays * DAY_MS);
    if (index === null || index > lastCloseIndex) continue;
    // A change in the quote's own units for yields (as their anchored moves), a simple return otherwise.
    const r = kind === "change" ? closes[index] - closes[t] : returnBetween(closes, t, index);
    if (!Number.isFinite(r)) continue;
    values.push(r);
    spans.push({ start: t, end: index });
  }
  return baselineOf(horizonDays, values, spans, timesMs);
}

export interface Excess {
  /** meanIndependent - baseline mean; null when either is missing. */
  mean: number | null;
  /** The INTERVAL_LEVEL interval of that difference, the baseline's own error included; null with the mean interval. */
  ci: Interval | null;
  /** mean / √(s² / n + baseline meanSe²); null below two outcomes, without spread, or without a baseline error. */
  tStat: number | null;
  /** Welch-Satterthwaite degrees of freedom of that t. */
  df: number | null;
  /** Two-sided p-value of the t against no difference. */
  pValue: number | null;
  /** The p-value adjusted for every horizon the answer tests (Holm); the same as pValue for one. */
  pAdjusted: number | null;
  /** How many hypotheses (horizons) the answer's p-values belong to. */
  hypotheses: number;
}

export interface Evidence {
  baseline: Baseline;
  /** Independent outcomes (their spans share no daily return) the interval rests on, and their mean. */
  nIndependent: number;
  meanIndependent: number | null;
  /** The INTERVAL_LEVEL interval of the mean of those outcomes (interval-policy.ts), or null with the reason. */
  meanCi: Interval | null;
  intervalMethod: "student_t" | "skew_corrected_t" | null;
  intervalWithheld: string | null;
  /**
   * How many times the mean's variance exceeds s²/n because of how the outcomes were chosen (selection-effect.ts):
   * 1 for outcomes chosen blind to what followed them, null when it could not be measured.
   */
  designEffect: number | null;
  excess: Excess;
}

/**
 * The error of the mean the outcomes are compared with: the baseline's own, or for outcomes pooled from several
 * series (analog-evidence.ts) the error they inherit from every series' baseline.
 */
export interface BaselineError {
  meanSe: number | null;
  nEffective: number;
  skewness: number | null;
}

/**
 * The figures that say whether analogs tell anything: the interval of the independent outcomes' mean (corrected
 * for the skewness of the baseline's outcomes, the same series at the same horizon), the baseline, and their
 * difference with an interval and a t statistic that both carry the baseline's own error: the baseline mean
 * rests on `nEffective` independent periods, not on its thousands of overlapping outcomes (BTC's 365-day
 * baseline on about 7). The difference's interval combines the two intervals (MOVER, core/mean-interval.ts);
 * t = (mean - baseline mean) / √(s²/n + se_b²) with Welch-Satterthwaite degrees of freedom.
 */
export function forecastEvidence(independent: readonly number[], baseline: Baseline, comparison: BaselineError = baseline, designEffect: number | null = 1): Evidence {
  const n = independent.length;
  const meanIndependent = n === 0 ? null : mean(independent);
  const own = intervalOfMean(independent, baseline.skewness, designEffect);
  const base = baseline.mean;
  const evidence = { baseline, nIndependent: n, meanIndependent, meanCi: own.interval, intervalMethod: own.method, intervalWithheld: own.withheld, designEffect };
  const noExcess: Excess = { mean: null, ci: null, tStat: null, df: null, pValue: null, pAdjusted: null, hypotheses: 1 };
  if (meanIndependent === null || base === null) return { ...evidence, excess: noExcess };
  const excessMean = meanIndependent - base;
  const seB = comparison.meanSe;
  const nB = comparison.nEffective;
  // The baseline mean's own interval, from its standard error and effective size (std = se √n).
  const baseInterval = seB === null || nB < 2 ? null : skewCorrectedMeanInterval(base, seB * Math.sqrt(nB), nB, INTERVAL_LEVEL, comparison.skewness ?? 0);
  const ci =
    own.interval === null || baseInterval === null
      ? null
      : differenceInterval({ estimate: meanIndependent, interval: own.interval }, { estimate: base, interval: baseInterval });
  const test =
    n >= 2 && seB !== null && nB >= 2 && designEffect !== null
      ? welchT(excessMean, (Math.max(1, designEffect) * sampleStd(independent) ** 2) / n, n - 1, seB ** 2, nB - 1)
      : null;
  return {
    ...evidence,
    excess: { mean: excessMean, ci, tStat: test?.t ?? null, df: test?.df ?? null, pValue: test?.p ?? null, pAdjusted: test?.p ?? null, hypotheses: 1 },
  };
}

/** t, Welch-Satterthwaite df and two-sided p of a difference whose two parts have variances a (df dfA) and b (df dfB). */
function welchT(difference: number, a: number, dfA: number, b: number, dfB: number): { t: number; df: number; p: number } | null {
  const variance = a + b;
  if (!(variance > 0)) return null;
  const t = difference / Math.sqrt(variance);
  const df = variance ** 2 / ((a * a) / dfA + (b * b) / dfB);
  return { t, df, p: studentTTwoSidedP(t, df) };
}

/**
 * The p-values of one answer's horizons adjusted together (Holm's step-down: the i-th smallest of m is
 * multiplied by m - i + 1, then made non-decreasing), so that a buyer reading the best of five horizons is not
 * misled by the look itself. Evidence without a p-value keeps null and does not count as a hypothesis.
 */
export function adjustAcrossHorizons(evidence: readonly Evidence[]): Evidence[] {
  const tested = evidence.map((e, i) => ({ i, p: e.excess.pValue })).filter((x): x is { i: number; p: number } => x.p !== null);
  const m = tested.length;
  const adjusted = new Map<number, number>();
  let running = 0;
  [...tested]
    .sort((a, b) => a.p - b.p)
    .forEach(({ i, p }, rank) => {
      running = Math.max(running, Math.min(1, (m - rank) * p));
      adjusted.set(i, running);
    });
  return evidence.map((e, i) => ({ ...e, excess: { ...e.excess, pAdjusted: adjusted.get(i) ?? null, hypotheses: Math.max(1, m) } }));
}
