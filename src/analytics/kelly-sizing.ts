import type { Evidence } from "./forecast-evidence.js";
import type { ReturnStats } from "./return-distribution.js";

/** The largest fraction of the account any sizing returns: 1 = no leverage (long only, unlevered). */
export const LEVERAGE_CAP = 1;
/** Below this t statistic of the excess over the baseline the edge is shrunk to nothing, so the size is this fraction: 0. */
export const T_STAT_FLOOR = 1;
export const MAX_FRACTION_BELOW_T_FLOOR = 0;

export interface SizingInput {
  /** Forward returns over the sizing horizon (every counted outcome): the stop and target references. */
  stats: ReturnStats;
  /** Baseline, interval and excess over the baseline of the independent outcomes. */
  evidence: Evidence;
  /** Sample std of the independent outcomes (null below two). */
  independentStd: number | null;
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
  /** Excess of the independent outcomes' mean over the baseline mean: the edge the analogs add. */
  edge: number | null;
  tStat: number | null;
  /** shrunkEdge / edge: the share of the edge its lower confidence bound keeps (0 without a positive edge). */
  shrink: number;
  shrunkEdge: number | null;
  /** edge / variance of the independent outcomes, unshrunk and unclamped; null below two outcomes or with zero spread. */
  kellyRaw: number | null;
  /** shrunkEdge / variance clamped to [0, LEVERAGE_CAP]. */
  fullFraction: number;
  halfFraction: number;
  /** halfFraction * confidence. */
  adjustedFraction: number;
  dollarSize: number;
  stop: PriceReference | null;
  target: PriceReference | null;
  riskAtStopUsd: number | null;
  /** Why the size is what it is, in one plain sentence. */
  reason: string;
}

const fmt = (x: number) => x.toFixed(2);

/**
 * Kelly sizing of what the analogs add over simply holding the asset. The growth-optimal fraction for a bet
 * with mean edge mu and variance sigma^2 is mu / sigma^2 (Thorp's continuous form); here mu is not the point
 * estimate of the excess of the independent outcomes' mean over the unconditional baseline but its lower
 * confidence bound (the low end of the 90% bootstrap interval: a one-sided 95% bound), floored at 0, and 0
 * outright when |t| < 1. So the size shrinks with the estimation error instead of saturating on a noisy mean.
 * The fraction is clamped to [0, LEVERAGE_CAP] (long only, no leverage), halved (half-Kelly) and scaled by
 * the caller's confidence.
 */
export function kellySizing(input: SizingInput): Sizing {
  const { stats, evidence, independentStd: std, confidence, accountSizeUsd, lastClose } = input;
  const edge = evidence.excess.mean;
  const tStat = evidence.excess.tStat;
  const variance = std === null ? null : std * std;
  const kellyRaw = edge === null || variance === null || variance === 0 ? null : edge / variance;
  const lowerBound = evidence.excess.ci?.low ?? null;
  const usable = edge !== null && tStat !== null && Math.abs(tStat) >= T_STAT_FLOOR && lowerBound !== null;
  const shrunkEdge = edge === null ? null : usable ? Math.max(0, lowerBound) : 0;
  const shrink = edge !== null && edge > 0 && shrunkEdge !== null ? shrunkEdge / edge : 0;
  const unclamped = shrunkEdge === null || variance === null || variance === 0 ? 0 : shrunkEdge / variance;
  const fullFraction = Math.min(LEVERAGE_CAP, Math.max(0, unclamped));
  const halfFraction = fullFraction / 2;
  const adjustedFraction = halfFraction * confidence;
  const dollarSize = accountSizeUsd * adjustedFraction;
  const reference = (r: number | null): PriceReference | null => (r === null ? null : { forwardReturn: r, price: lastClose * (1 + r) });
  return {
    edge,
    tStat,
    shrink,
    shrunkEdge,
    kellyRaw,
    fullFraction,
    halfFraction,
    adjustedFraction,
    dollarSize,
    stop: reference(stats.p10),
    target: reference(stats.p90),
    riskAtStopUsd: stats.p10 === null ? null : dollarSize * Math.max(0, -stats.p10),
    reason: sizingReason(edge, tStat, kellyRaw, lowerBound, unclamped),
  };
}

function sizingReason(edge: number | null, tStat: number | null, kellyRaw: number | null, lowerBound: number | null, unclamped: number): string {
  if (edge === null || tStat === null || kellyRaw === null || lowerBound === null) {
    return "Too few independent outcomes (or no spread) to estimate an edge over the baseline: size 0.";
  }
  if (Math.abs(tStat) < T_STAT_FLOOR) {
    return `t = ${fmt(tStat)}: the analogs' mean is within one standard error of the baseline, so the edge shrinks to 0 and so does the size.`;
  }
  if (edge <= 0) return `The analogs did worse than the baseline (t = ${fmt(tStat)}): no long edge, size 0.`;
  if (lowerBound <= 0) {
    return `t = ${fmt(tStat)}: the lower confidence bound of the edge is not above 0 (${(lowerBound * 100).toFixed(2)}%), so the size is 0.`;
  }
  if (unclamped > LEVERAGE_CAP) return `t = ${fmt(tStat)}: Kelly on the edge's lower bound exceeds the leverage cap ${LEVERAGE_CAP}, so the full fraction is capped.`;
  return `t = ${fmt(tStat)}: Kelly on the edge's lower confidence bound (${(lowerBound * 100).toFixed(2)}%, ${fmt(unclamped)} of the account before halving).`;
}
