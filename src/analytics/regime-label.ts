import { sampleStd, sampleStdOfRange } from "../core/statistics.js";
import { windowReturn } from "../core/returns.js";
import type { PriceSeries } from "./price-series.js";
import { DAY_MS } from "../domain/bar.js";

export type TrendState = "uptrend" | "downtrend" | "range";
export type VolatilityState = "low" | "normal" | "high";

/** |trend z| at or beyond this is a trend: the move exceeds one standard deviation of a driftless walk. */
export const TREND_Z_THRESHOLD = 1;
/** Realised-volatility percentile bounds: below LOW is low, above HIGH is high, else normal. */
export const VOL_PERCENTILE_LOW = 0.25;
export const VOL_PERCENTILE_HIGH = 0.75;

const YEAR_MS = 365 * DAY_MS;

export interface RegimeLabel {
  trend: TrendState;
  volatility: VolatilityState;
  /** close[end] / close[end - bars + 1] - 1. */
  lookbackReturn: number;
  /** Sample std of the window's bars - 1 daily log returns. */
  dailyVol: number;
  /** ln(1 + lookbackReturn) / (dailyVol * sqrt(bars - 1)); 0 for a flat window. */
  trendZ: number;
  /** Bars in the 365 days up to the window's end (or scaled from a shorter history): 252-ish stocks, 365 crypto. */
  barsPerYear: number;
  annualizedVol: number;
  /** Share of the clean windows of the same length ending at or before `endIndex` whose vol is <= this one's. */
  volPercentile: number;
  /** How many windows that share is over (rolling, so they overlap: a rank, not independent evidence). */
  volWindowsCompared: number;
}

/**
 * Per history (its closes column: histories are immutable, and a gap-marker column belongs to its closes):
 * the prefix arrays below are an O(n) pass that a walk-forward replay would otherwise repeat at every bar.
 */
const windowsMemo = new WeakMap<Float64Array, ReturnType<typeof computeWindowedLogReturns>>();

function windowedLogReturns(series: PriceSeries): ReturnType<typeof computeWindowedLogReturns> {
  const known = windowsMemo.get(series.closes);
  if (known !== undefined && known.breakBefore === series.breakBefore) return known;
  const computed = computeWindowedLogReturns(series);
  windowsMemo.set(series.closes, computed);
  return computed;
}

/**
 * Daily log returns (logReturns[i] = ln(close[i] / close[i - 1]), NaN when either close is bad) and a test
 * for "the window of `bars` bars ending at e holds only good returns and spans no gap", both O(1) per window.
 */
function computeWindowedLogReturns(series: PriceSeries) {
  const n = series.closes.length;
  const logReturns = new Float64Array(n).fill(Number.NaN);
  const badBefore = new Int32Array(n + 1);
  // Prefix sums of the good returns and of their squares (a bad return counts as 0: no clean window holds one).
  const sums = new Float64Array(n + 1);
  const squares = new Float64Array(n + 1);
  let totalAbs = 0;
  for (let i = 1; i < n; i++) {
    logReturns[i] = Math.log(series.closes[i] / series.closes[i - 1]);
    const bad = !Number.isFinite(logReturns[i]) || series.breakBefore[i] === 1;
    badBefore[i + 1] = badBefore[i] + (bad ? 1 : 0);
    const r = bad ? 0 : logReturns[i];
    sums[i + 1] = sums[i] + r;
    squares[i + 1] = squares[i] + r * r;
    totalAbs += Math.abs(r);
  }
  const first = (e: number, bars: number) => e - bars + 2;
  return {
    length: n,
    breakBefore: series.breakBefore,
    clean: (e: number, bars: number) => badBefore[e + 1] - badBefore[first(e, bars)] === 0,
    returns: (e: number, bars: number) => logReturns.subarray(first(e, bars), e + 1),
    /** sampleStd of a clean window's returns (all finite), read in place, with sampleStd's exact arithmetic. */
    vol: (e: number, bars: number) => sampleStdOfRange(logReturns, first(e, bars), e + 1),
    /** The window's sum of returns and of squared returns, from the prefix sums (O(1), not exact: see rankVolatility). */
    sum: (e: number, bars: number) => sums[e + 1] - sums[first(e, bars)],
    sumOfSquares: (e: number, bars: number) => squares[e + 1] - squares[first(e, bars)],
    /** Σ|r| and Σr² over the whole series, which bound the rounding error of any window's prefix-sum difference. */
    totalAbs,
    totalSquares: squares[n],
  };
}

const UNIT_ROUNDOFF = 2 ** -53;

/**
 * How many clean windows of `bars` bars ending at or before `endIndex` have a volatility (sampleStd of their
 * returns, exactly as `vol` computes it) at or below `target`, and how many clean windows there are.
 *
 * Every window is decided in O(1) from prefix sums, var ≈ (S2 − S1²/k) / (k − 1) over its k returns, when that
 * estimate lies beyond a bound on its rounding error from the target's variance; only windows within the bound
 * are computed exactly (two-pass, O(k)). The bound: a prefix sum over n terms is off by at most n·u·Σ|term|, so
 * S1 and S2 by twice that; the final operations and the difference between the one-pass estimate and the exact
 * two-pass value (about (k + 4)·u relative) are added, and the whole is taken four times over. Windows outside
 * the bound are then on the same side of the target as their exact value, strictly (the margin is many ulps), so
 * the counts equal those of computing every window exactly; a test checks that on every dataset file.
 */
function rankVolatility(windows: ReturnType<typeof windowedLogReturns>, endIndex: number, bars: number, target: number): { compared: number; atOrBelow: number } {
  const k = bars - 1;
  const targetVariance = target * target;
  const sumError = 2 * windows.length * UNIT_ROUNDOFF * windows.totalAbs;
  const squaresError = 2 * windows.length * UNIT_ROUNDOFF * windows.totalSquares;
  let compared = 0;
  let atOrBelow = 0;
  for (let e = bars - 1; e <= endIndex; e++) {
    if (!windows.clean(e, bars)) continue;
    compared += 1;
    const s1 = windows.sum(e, bars);
    const s2 = windows.sumOfSquares(e, bars);
    const estimate = (s2 - (s1 * s1) / k) / (k - 1);
    const estimateError = (squaresError + (2 * Math.abs(s1) * sumError + sumError * sumError) / k) / (k - 1);
    const relativeError = (k + 8) * UNIT_ROUNDOFF * (Math.abs(estimate) + targetVariance + (s2 + (s1 * s1) / k) / (k - 1));
    const margin = 4 * (estimateError + relativeError);
    if (estimate < targetVariance - margin) atOrBelow += 1;
    else if (!(estimate > targetVariance + margin) && windows.vol(e, bars) <= target) atOrBelow += 1;
  }
  return { compared, atOrBelow };
}

function barsPerYearAt(timesMs: Float64Array, endIndex: number): number {
  const spanMs = timesMs[endIndex] - timesMs[0];
  if (spanMs >= YEAR_MS) {
    let first = endIndex;
    while (first > 0 && timesMs[first - 1] > timesMs[endIndex] - YEAR_MS) first -= 1;
    return endIndex - first + 1;
  }
  return spanMs > 0 ? (endIndex * YEAR_MS) / spanMs : 0;
}

/**
 * Trend and volatility state of the window of `bars` bars ending at `endIndex`, from closes up to
 * `endIndex` only (nothing later is read, so the label of a past date never changes as history grows).
 * Throws RangeError when the window is out of range, spans a gap or holds a bad close.
 */
export function regimeLabel(series: PriceSeries, endIndex: number, bars: number): RegimeLabel {
  if (bars < 3 || endIndex - bars + 1 < 0 || endIndex >= series.closes.length) {
    throw new RangeError(`window of ${bars} bars ending at ${endIndex} is outside the series`);
  }
  const windows = windowedLogReturns(series);
  if (!windows.clean(endIndex, bars)) throw new RangeError("the window spans a gap or a bad close");
  const returns = windows.returns(endIndex, bars);
  const dailyVol = sampleStd(returns);
  const logReturn = Math.log(series.closes[endIndex] / series.closes[endIndex - bars + 1]);
  const trendZ = dailyVol === 0 ? 0 : logReturn / (dailyVol * Math.sqrt(bars - 1));
  const { compared, atOrBelow } = rankVolatility(windows, endIndex, bars, dailyVol);
  const volPercentile = atOrBelow / compared;
  const barsPerYear = barsPerYearAt(series.timesMs, endIndex);
  return {
    trend: trendZ >= TREND_Z_THRESHOLD ? "uptrend" : trendZ <= -TREND_Z_THRESHOLD ? "downtrend" : "range",
    volatility: volPercentile < VOL_PERCENTILE_LOW ? "low" : volPercentile > VOL_PERCENTILE_HIGH ? "high" : "normal",
    lookbackReturn: windowReturn(series.closes, endIndex - bars + 1, bars),
    dailyVol,
    trendZ,
    barsPerYear,
    annualizedVol: dailyVol * Math.sqrt(barsPerYear),
    volPercentile,
    volWindowsCompared: compared,
  };
}
