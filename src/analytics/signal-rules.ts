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

export interface SignalInputs {
  /** Forward returns at the horizon after the causal analogs of the latest window. */
  stats: ReturnStats;
  nIndependent: number;
  /** Trend z of the regime label over the regime lookback. */
  trendZ: number;
  /** n_independent / (n_independent + 10), from position sizing: less weight on thin evidence. */
  shrink: number;
  entryPrice: number;
}

export interface SignalDecision {
  direction: SignalDirection;
  conviction: number;
  /** ANALOG_WEIGHT * analogScore * shrink + REGIME_WEIGHT * regimeScore * shrink. */
  score: number;
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
 * evidence; the regime trend leans on it; the sizing shrink scales both by how much independent evidence
 * there is. A call needs |score| >= FIRE_THRESHOLD and the analog mean on the same side (the regime alone
 * never fires a signal). Stop and target are the analogs' P10/P90 outcomes on the losing/winning side.
 */
export function decideSignal(input: SignalInputs): SignalDecision {
  const { stats, shrink, entryPrice } = input;
  const analogScore = stats.mean === null || stats.std === null || stats.std === 0 ? 0 : clamp(stats.mean / stats.std, -1, 1);
  const regimeScore = clamp(input.trendZ / REGIME_Z_SCALE, -1, 1);
  const analogContribution = ANALOG_WEIGHT * analogScore * shrink;
  const regimeContribution = REGIME_WEIGHT * regimeScore * shrink;
  const score = analogContribution + regimeContribution;
  const mean = stats.mean ?? 0;
  const direction: SignalDirection = score >= FIRE_THRESHOLD && mean > 0 ? "long" : score <= -FIRE_THRESHOLD && mean < 0 ? "short" : "flat";
  const price = (r: number | null, side: "below" | "above") =>
    r === null || (side === "below" ? r >= 0 : r <= 0) ? null : entryPrice * (1 + r);
  const [stopPrice, targetPrice] =
    direction === "long"
      ? [price(stats.p10, "below"), price(stats.p90, "above")]
      : direction === "short"
        ? [price(stats.p90, "above"), price(stats.p10, "below")]
        : [null, null];
  return {
    direction,
    conviction: direction === "flat" ? 0 : Math.min(1, Math.abs(score)),
    score,
    analogScore,
    regimeScore,
    analogContribution,
    regimeContribution,
    stopPrice,
    targetPrice,
  };
}
