import type { ReturnStats } from "./return-distribution.js";
import type { SignalDirection } from "../domain/trading-signal.js";

/** The latest window whose shape is matched: about a month of daily bars. */
export const SIGNAL_WINDOW_BARS = 20;
/** The regime is labelled over the same lookback /regime_detection uses by default. */
export const SIGNAL_REGIME_BARS = 60;
/** Analogs searched (the /forward_distribution default). */
export const SIGNAL_ANALOGS = 30;
/** Weights of the two directional inputs in the raw score (they sum to 1). */
export const ANALOG_WEIGHT = 0.7;
export const REGIME_WEIGHT = 0.3;
/** |score| below this is no call: flat. */
export const FIRE_THRESHOLD = 0.1;
/** Trend z of the regime is divided by this before clamping to [-1, 1]: |z| >= 2 is a full-strength trend. */
export const REGIME_Z_SCALE = 2;
/** shrink = n_independent / (n_independent + EVIDENCE_SHRINK_N): half weight at 10 independent outcomes. */
export const EVIDENCE_SHRINK_N = 10;
/**
 * A stop or target is never closer to the entry than this many daily standard deviations of the latest window:
 * a level inside one day's noise is hit by noise (rule version 1 put stops at the analogs' P10, as close as
 * -0.10%, and 9 of 14 SPY trades were stopped out).
 */
export const MIN_LEVEL_DAILY_SIGMAS = 2;
/**
 * The version of these rules, logged with every signal: one signal per ticker, as-of date, horizon and version.
 * 1: shrink from position sizing, stops at P10/P90. 2: shrink n / (n + 10), levels at least 2 daily sigmas away.
 */
export const SIGNAL_RULES_VERSION = 2;

/** How much weight the evidence of n independent outcomes gets (the documented shrink). */
export function evidenceShrink(nIndependent: number): number {
  return nIndependent / (nIndependent + EVIDENCE_SHRINK_N);
}

export interface SignalInputs {
  /** Forward returns at the horizon after the causal analogs of the latest window. */
  stats: ReturnStats;
  nIndependent: number;
  /** Trend z of the regime label over the regime lookback. */
  trendZ: number;
  /** Daily volatility of the latest window (window-volatility.ts): the floor of the stop and target distances. */
  dailyVolatility: number | null;
  entryPrice: number;
}

export interface SignalDecision {
  direction: SignalDirection;
  conviction: number;
  /** ANALOG_WEIGHT * analogScore * shrink + REGIME_WEIGHT * regimeScore * shrink. */
  score: number;
  /** evidenceShrink(nIndependent). */
  shrink: number;
  /** mean / std of the analog outcomes, clamped to [-1, 1]; 0 without two outcomes or spread. */
  analogScore: number;
  /** trendZ / REGIME_Z_SCALE clamped to [-1, 1]. */
  regimeScore: number;
  analogContribution: number;
  regimeContribution: number;
  stopPrice: number | null;
  targetPrice: number | null;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * The signal rules (documented verbatim in the /trading/signal contract). The analog distribution is the
 * evidence; the regime trend leans on it; the shrink scales both by how much independent evidence there is.
 * A call needs |score| >= FIRE_THRESHOLD and the analog mean on the same side (the regime alone never fires a
 * signal). Stop and target sit at the analogs' P10/P90 outcomes on the losing/winning side, but never closer to
 * the entry than MIN_LEVEL_DAILY_SIGMAS daily standard deviations.
 */
export function decideSignal(input: SignalInputs): SignalDecision {
  const { stats, entryPrice } = input;
  const shrink = evidenceShrink(input.nIndependent);
  const analogScore = stats.mean === null || stats.std === null || stats.std === 0 ? 0 : clamp(stats.mean / stats.std, -1, 1);
  const regimeScore = clamp(input.trendZ / REGIME_Z_SCALE, -1, 1);
  const analogContribution = ANALOG_WEIGHT * analogScore * shrink;
  const regimeContribution = REGIME_WEIGHT * regimeScore * shrink;
  const score = analogContribution + regimeContribution;
  const mean = stats.mean ?? 0;
  const direction: SignalDirection = score >= FIRE_THRESHOLD && mean > 0 ? "long" : score <= -FIRE_THRESHOLD && mean < 0 ? "short" : "flat";
  const floor = MIN_LEVEL_DAILY_SIGMAS * (input.dailyVolatility ?? 0);
  // A level `distance` away from the entry on one side; none when neither the analogs nor the floor give a distance.
  const level = (distance: number, side: 1 | -1) => (distance > 0 ? entryPrice * (1 + side * distance) : null);
  const below = Math.max(floor, -(stats.p10 ?? 0));
  const above = Math.max(floor, stats.p90 ?? 0);
  const [stopPrice, targetPrice] =
    direction === "long" ? [level(below, -1), level(above, 1)] : direction === "short" ? [level(above, 1), level(below, -1)] : [null, null];
  return {
    direction,
    conviction: direction === "flat" ? 0 : Math.min(1, Math.abs(score)),
    score,
    shrink,
    analogScore,
    regimeScore,
    analogContribution,
    regimeContribution,
    stopPrice,
    targetPrice,
  };
}
