import type { ReturnStats } from "./return-distribution.js";

/** Prior weight of the sample-size shrink: s = n_independent / (n_independent + SHRINK_PRIOR). */
export const SHRINK_PRIOR = 10;

export interface SizingInput {
  /** Forward returns over the sizing horizon. */
  stats: ReturnStats;
  /** Outcomes that share no daily return: the effective sample size the shrink uses. */
  nIndependent: number;
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
  /** mean / variance of the forward returns (continuous Kelly), unclamped; null below two outcomes or with zero variance. */
  kellyRaw: number | null;
  /** kellyRaw clamped to [0, 1]: long only, no leverage, 0 when the mean is not positive. */
  fullFraction: number;
  halfFraction: number;
  shrink: number;
  /** halfFraction * confidence * shrink. */
  adjustedFraction: number;
  dollarSize: number;
  /** The P10 outcome as a price: a downside reference for a stop. */
  stop: PriceReference | null;
  /** The P90 outcome as a price: an upside reference for a target. */
  target: PriceReference | null;
  /** What the position loses if the P10 outcome happens (0 when P10 is not a loss). */
  riskAtStopUsd: number | null;
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/**
 * Kelly sizing from an empirical forward-return sample. The growth-optimal fraction of a position with
 * mean return mu and variance sigma^2 over one horizon is mu / sigma^2 (Thorp's continuous approximation,
 * which holds for small returns). It is clamped to [0, 1] because the service sizes long-only, unlevered
 * positions; half of that is the usual half-Kelly; the caller's confidence and a shrink for small samples
 * scale it further.
 */
export function kellySizing(input: SizingInput): Sizing {
  const { stats, confidence, accountSizeUsd, lastClose } = input;
  const kellyRaw = stats.mean === null || stats.std === null || stats.std === 0 ? null : stats.mean / (stats.std * stats.std);
  const fullFraction = kellyRaw === null ? 0 : clamp01(kellyRaw);
  const halfFraction = fullFraction / 2;
  const shrink = input.nIndependent / (input.nIndependent + SHRINK_PRIOR);
  const adjustedFraction = halfFraction * confidence * shrink;
  const dollarSize = accountSizeUsd * adjustedFraction;
  const reference = (r: number | null): PriceReference | null => (r === null ? null : { forwardReturn: r, price: lastClose * (1 + r) });
  return {
    kellyRaw,
    fullFraction,
    halfFraction,
    shrink,
    adjustedFraction,
    dollarSize,
    stop: reference(stats.p10),
    target: reference(stats.p90),
    riskAtStopUsd: stats.p10 === null ? null : dollarSize * Math.max(0, -stats.p10),
  };
}
