import { returnBetween } from "../core/returns.js";
import type { PriceSeries } from "./price-series.js";
import { describeReturns, selectIndependent, type ReturnStats } from "./return-distribution.js";

export interface ProfileBacktestOptions {
  /** The trigger is the return over this many bars: close[t] / close[t - lookbackBars] - 1. */
  lookbackBars: number;
  /** The outcome is close[t + forwardBars] / close[t] - 1. */
  forwardBars: number;
  /** At least this (when >= 0) or at most this (when < 0). */
  minReturn: number;
}

export interface ProfileEvent {
  /** Bar t at whose close the trigger fired. */
  index: number;
  lookbackReturn: number;
  /** null while pending: the history does not reach t + forwardBars yet. */
  forwardReturn: number | null;
}

export interface ProfileBacktest {
  /** Triggers whose outcome is known, in time order (overlapping ones included). */
  completed: ProfileEvent[];
  /** The subset whose [t - lookbackBars, t + forwardBars] spans share no daily return, in time order. */
  independent: ProfileEvent[];
  /** Triggers whose outcome is not known yet (the last forwardBars bars of history). */
  pending: ProfileEvent[];
  /** Triggers left out because their forward span crosses a data gap or a missing close. */
  droppedForGap: number;
  stats: ReturnStats;
  independentStats: ReturnStats;
  /** Every bar with a clean [t - lookbackBars, t + forwardBars] span, triggered or not: the unconditional base rate. */
  baselineStats: ReturnStats;
  /** Those outcomes and their spans [t, t + forwardBars], in time order (what the baseline's own error is counted from). */
  baselineOutcomes: number[];
  baselineSpans: { start: number; end: number }[];
}

/** Prefix counts so that "is [a, b] free of gaps and bad closes" costs O(1). */
function cleanSpanTest(series: PriceSeries): (a: number, b: number) => boolean {
  const n = series.closes.length;
  const bad = new Int32Array(n + 1);
  const breaks = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const c = series.closes[i];
    bad[i + 1] = bad[i] + (Number.isFinite(c) && c > 0 ? 0 : 1);
    breaks[i + 1] = breaks[i] + series.breakBefore[i];
  }
  // Bars a..b hold good closes, and no break lies between a and b (a break before a itself is irrelevant).
  return (a, b) => bad[b + 1] - bad[a] === 0 && breaks[b + 1] - breaks[a + 1] === 0;
}

/**
 * Every bar t where the trailing lookback return meets the profile, and the return over the next forwardBars
 * bars. Causal by construction: whether t triggers depends only on closes up to t; its outcome only on
 * closes t..t + forwardBars; the threshold is fixed in advance, nothing is fitted.
 */
export function returnProfileBacktest(series: PriceSeries, options: ProfileBacktestOptions): ProfileBacktest {
  const { lookbackBars: L, forwardBars: F, minReturn } = options;
  const { closes } = series;
  const n = closes.length;
  const clean = cleanSpanTest(series);
  const triggers = (r: number) => (minReturn >= 0 ? r >= minReturn : r <= minReturn);
  const completed: ProfileEvent[] = [];
  const pending: ProfileEvent[] = [];
  const baseline: number[] = [];
  const baselineSpans: { start: number; end: number }[] = [];
  let droppedForGap = 0;
  for (let t = L; t < n; t++) {
    if (!clean(t - L, t)) continue;
    const lookbackReturn = returnBetween(closes, t - L, t);
    const known = t + F < n;
    const forwardClean = known ? clean(t, t + F) : clean(t, n - 1);
    const forwardReturn = known && forwardClean ? returnBetween(closes, t, t + F) : null;
    if (forwardReturn !== null) {
      baseline.push(forwardReturn);
      baselineSpans.push({ start: t, end: t + F });
    }
    if (!triggers(lookbackReturn)) continue;
    if (!forwardClean) droppedForGap += 1;
    else if (forwardReturn === null) pending.push({ index: t, lookbackReturn, forwardReturn });
    else completed.push({ index: t, lookbackReturn, forwardReturn });
  }
  const kept = selectIndependent(completed.map((e) => ({ start: e.index - L, end: e.index + F })));
  const independent = kept.map((i) => completed[i]);
  const outcomes = (events: ProfileEvent[]) => events.map((e) => e.forwardReturn!);
  return {
    completed,
    independent,
    pending,
    droppedForGap,
    stats: describeReturns(outcomes(completed)),
    independentStats: describeReturns(outcomes(independent)),
    baselineStats: describeReturns(baseline),
    baselineOutcomes: baseline,
    baselineSpans,
  };
}
