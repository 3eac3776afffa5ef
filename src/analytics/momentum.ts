import type { TimedCloses } from "./aligned-panel.js";
import { shiftMonthsUtc } from "./calendar-months.js";
import { MAX_CLOSURE_MS } from "./price-series.js";
import { DAY_MS } from "../domain/bar.js";

/** A look-back anchor must be a bar within this many days before its target date (else: a data hole). */
const ANCHOR_TOLERANCE_MS = 7 * DAY_MS;

/**
 * Price momentum of one series as of one of its bars, from that bar and earlier bars only. Horizons are
 * calendar months back from the as-of date T, each anchored on the last bar on or before T - h months:
 * - return_12m_1m: close(T - 1 month) / close(T - 12 months) - 1 (the classic 12-1 momentum, skipping the
 *   latest month, whose short-term reversal works against it);
 * - return_6m, return_3m, return_1m: close(T) / close(T - h) - 1;
 * - distance_from_52w_high: close(T) / max(closes in (T - 12 months, T]) - 1, zero at a new high;
 * - volatility_1y: sample std of the daily simple returns in (T - 12 months, T], times sqrt(periods/year);
 * - composite_score: the mean of the three risk-adjusted horizon returns r_h / (volatility_1y * sqrt(h / 12)),
 *   h = 11, 6, 3 months: each horizon's return in units of the standard deviation a random walk with the
 *   name's volatility would show over that horizon, so crypto and utilities rank on one scale.
 */
export interface MomentumMeasures {
  asOfMs: number;
  close: number;
  return12m1m: number;
  return6m: number;
  return3m: number;
  return1m: number;
  distanceFrom52wHigh: number;
  volatility1y: number;
  compositeScore: number;
  /** Daily returns behind volatility_1y. */
  volatilityObservations: number;
}

export type MomentumOutcome = { kind: "ok"; measures: MomentumMeasures } | { kind: "insufficient_history"; reason: string };

/** Index of the last bar with time <= t, or -1. */
function lastAtOrBefore(timesMs: Float64Array, t: number, upto: number): number {
  let lo = 0;
  let hi = upto + 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (timesMs[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

export function momentumAsOf(series: TimedCloses, asOfIndex: number, periodsPerYear: number): MomentumOutcome {
  const { timesMs, closes } = series;
  const asOfMs = timesMs[asOfIndex];
  const anchor = (months: number): number | null => {
    const target = shiftMonthsUtc(asOfMs, -months);
    const i = lastAtOrBefore(timesMs, target, asOfIndex);
    return i >= 0 && target - timesMs[i] <= ANCHOR_TOLERANCE_MS ? i : null;
  };
  const i12 = anchor(12);
  const i6 = anchor(6);
  const i3 = anchor(3);
  const i1 = anchor(1);
  if (i12 === null || i6 === null || i3 === null || i1 === null) {
    return { kind: "insufficient_history", reason: "needs a bar within 7 days before each of the dates 12, 6, 3 and 1 months before the as-of date" };
  }
  const window = Array.from({ length: asOfIndex - i12 }, (_, j) => i12 + 1 + j);
  for (const i of [i12, ...window]) {
    if (!(closes[i] > 0) || !Number.isFinite(closes[i])) return { kind: "insufficient_history", reason: "a close in the last 12 months is not a positive price" };
  }
  const daily: number[] = [];
  for (const i of window) if (timesMs[i] - timesMs[i - 1] <= MAX_CLOSURE_MS + DAY_MS) daily.push(closes[i] / closes[i - 1] - 1);
  if (daily.length < 20) return { kind: "insufficient_history", reason: "fewer than 20 daily returns in the last 12 months" };
  const avg = daily.reduce((s, x) => s + x, 0) / daily.length;
  const volatility1y = Math.sqrt((daily.reduce((s, x) => s + (x - avg) ** 2, 0) / (daily.length - 1)) * periodsPerYear);
  const close = closes[asOfIndex];
  const high = Math.max(...window.map((i) => closes[i]));
  const return12m1m = closes[i1] / closes[i12] - 1;
  const return6m = close / closes[i6] - 1;
  const return3m = close / closes[i3] - 1;
  const adjusted = (r: number, months: number) => r / (volatility1y * Math.sqrt(months / 12));
  const compositeScore = volatility1y > 0 ? (adjusted(return12m1m, 11) + adjusted(return6m, 6) + adjusted(return3m, 3)) / 3 : 0;
  return {
    kind: "ok",
    measures: {
      asOfMs,
      close,
      return12m1m,
      return6m,
      return3m,
      return1m: close / closes[i1] - 1,
      distanceFrom52wHigh: close / high - 1,
      volatility1y,
      compositeScore,
      volatilityObservations: daily.length,
    },
  };
}
