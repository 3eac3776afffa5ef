import type { Interval } from "../core/mean-interval.js";
import { mean, sampleStd } from "../core/statistics.js";
import { intervalOfMean } from "./interval-policy.js";
import { describeReturns, type ReturnStats } from "./return-distribution.js";

/** The largest fraction of the account any sizing returns: 1 = no leverage (long only, unlevered). */
export const LEVERAGE_CAP = 1;

/** The volatilities the outcomes were rescaled by, and why. */
export interface SizingVolatility {
  /** Daily volatility of the query window (its log returns, at least 20 bars): the risk the position takes now. */
  queryDaily: number | null;
  /** Median daily volatility of the analogs' windows, measured the same way: the risk their outcomes were drawn at. */
  analogsMedianDaily: number | null;
}

export interface SizingInput {
  /** Every counted outcome's total return over the horizon, its move around the drift rescaled to the query's volatility. */
  rescaled: readonly number[];
  /** The independent ones among them (their spans share no day): what the mean and its interval rest on. */
  rescaledIndependent: readonly number[];
  /** Skewness of the series' outcomes at this horizon (the baseline's), for the interval's skew correction. */
  skewness: number | null;
  /** How much the analogs' selection spreads their mean beyond s²/n (selection-effect.ts); null: unmeasured, no interval. */
  designEffect: number | null;
  volatility: SizingVolatility;
  /** The caller's own confidence in [0, 1]. */
  confidence: number;
  accountSizeUsd: number;
  /** The price the references are taken from. */
  lastClose: number;
}

export interface PriceReference {
  forwardReturn: number;
  price: number;
}

export interface Sizing {
  /** Mean of the rescaled independent outcomes: the total return the position would earn, at today's risk. */
  expectedReturn: number | null;
  /** Its 90% interval (interval-policy.ts), or null with the reason. */
  interval: Interval | null;
  intervalWithheld: string | null;
  /** max(0, interval low): the expected return shrunk by its estimation error to a one-sided 95% lower bound. */
  shrunkReturn: number;
  /** shrunkReturn / expectedReturn: the share of the point estimate its lower bound keeps (0 without a positive mean). */
  shrink: number;
  /** Variance of the rescaled independent outcomes; null below two or without spread. */
  variance: number | null;
  /** expectedReturn / variance, unshrunk and unclamped; null without a variance. */
  kellyRaw: number | null;
  /** shrunkReturn / variance clamped to [0, LEVERAGE_CAP]. */
  fullFraction: number;
  halfFraction: number;
  /** halfFraction * confidence. */
  adjustedFraction: number;
  dollarSize: number;
  /** P10 and P90 of the rescaled outcomes, as prices from the last close. */
  stop: PriceReference | null;
  target: PriceReference | null;
  riskAtStopUsd: number | null;
  /** Description of every rescaled outcome (all counted ones). */
  rescaledStats: ReturnStats;
  volatility: SizingVolatility;
  /** Why the size is what it is, in one plain sentence. */
  reason: string;
}

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

/**
 * Kelly sizing of a long position on the query's own risk. The analogs were matched on z-normalised shape, so
 * their outcomes come from periods as calm or as wild as they happened to be: each one's move around the drift is
 * first rescaled by the query window's volatility over its own window's (forecast-sizing.ts). The position earns the total return,
 * so that is what is sized, not the excess over holding. The growth-optimal fraction for a bet with mean mu and
 * variance sigma^2 is mu / sigma^2 (Thorp's continuous form); here mu is the lower end of the 90% interval of the
 * rescaled mean, floored at 0, so the size shrinks continuously with the estimation error: a lower bound just above
 * 0 gives a size just above 0, and a larger lower bound never a smaller size. Clamped to [0, LEVERAGE_CAP] (long
 * only, no leverage), halved (half-Kelly) and scaled by the caller's confidence.
 */
export function kellySizing(input: SizingInput): Sizing {
  const { rescaledIndependent: outcomes, confidence, accountSizeUsd, lastClose } = input;
  const n = outcomes.length;
  const expectedReturn = n === 0 ? null : mean(outcomes);
  const std = n >= 2 ? sampleStd(outcomes) : null;
  const variance = std === null || std === 0 ? null : std * std;
  const interval = intervalOfMean(outcomes, input.skewness, input.designEffect);
  const shrunkReturn = interval.interval === null ? 0 : Math.max(0, interval.interval.low);
  const shrink = expectedReturn !== null && expectedReturn > 0 ? shrunkReturn / expectedReturn : 0;
  const kellyRaw = expectedReturn === null || variance === null ? null : expectedReturn / variance;
  const unclamped = variance === null ? 0 : shrunkReturn / variance;
  const fullFraction = Math.min(LEVERAGE_CAP, unclamped);
  const halfFraction = fullFraction / 2;
  const adjustedFraction = halfFraction * confidence;
  const dollarSize = accountSizeUsd * adjustedFraction;
  const rescaledStats = describeReturns(input.rescaled);
  const reference = (r: number | null): PriceReference | null => (r === null ? null : { forwardReturn: r, price: lastClose * (1 + r) });
  return {
    expectedReturn,
    interval: interval.interval,
    intervalWithheld: interval.withheld,
    shrunkReturn,
    shrink,
    variance,
    kellyRaw,
    fullFraction,
    halfFraction,
    adjustedFraction,
    dollarSize,
    stop: reference(rescaledStats.p10),
    target: reference(rescaledStats.p90),
    riskAtStopUsd: rescaledStats.p10 === null ? null : dollarSize * Math.max(0, -rescaledStats.p10),
    rescaledStats,
    volatility: input.volatility,
    reason: sizingReason(input.volatility, interval.interval, interval.withheld, variance, unclamped),
  };
}

function sizingReason(volatility: SizingVolatility, interval: Interval | null, withheld: string | null, variance: number | null, unclamped: number): string {
  if (volatility.queryDaily === null) return "The query window has no measurable volatility, so its outcomes cannot be put on its risk: size 0.";
  if (interval === null) return `No interval for the expected return (${withheld ?? "too few outcomes"}): size 0.`;
  if (variance === null) return "The rescaled outcomes do not vary: no variance to size against, size 0.";
  if (interval.low <= 0) {
    return `The 90% interval of the expected return (${pct(interval.low)} to ${pct(interval.high)}) reaches 0 or below: no long edge that holds, size 0.`;
  }
  if (unclamped > LEVERAGE_CAP) {
    return `Kelly on the lower bound of the expected return (${pct(interval.low)}) exceeds the leverage cap ${LEVERAGE_CAP}, so the full fraction is capped.`;
  }
  return `Kelly on the lower bound of the expected return (${pct(interval.low)}, at the query's daily volatility of ${pct(volatility.queryDaily)}): ${unclamped.toFixed(3)} of the account before halving.`;
}
