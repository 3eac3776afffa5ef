/**
 * Scores of probability forecasts of yes/no outcomes (the arena). Pure functions; conventions:
 * - Brier score of one forecast: (p - o)^2; lower is better; always answering 0.5 scores 0.25.
 * - Brier skill score: 1 - meanBrier / 0.25, the improvement over always answering 0.5 (0 = no better,
 *   1 = perfect, negative = worse). A reference figure only: the arena measures skill against climatology, the base
 *   rate known before each round (./arena-skill.ts).
 * - Log loss: -(o ln p + (1 - o) ln(1 - p)) with p clamped to [1e-4, 1 - 1e-4], so one certain miss costs
 *   ln(10^4) = 9.21 instead of infinity.
 * - Sharpness: mean |2p - 1|: 0 for an agent that always says 0.5, 1 for one that always says 0 or 1.
 * - Calibration: 10 equal bins of p ([0, 0.1), ..., [0.9, 1]); per bin the observed YES frequency with a
 *   95% Wilson score interval; bins with fewer than 5 forecasts are flagged sparse.
 */

export interface Forecast {
  p: number;
  outcome: 0 | 1;
}

export const BASELINE_BRIER = 0.25;
export const LOG_LOSS_CLAMP = 1e-4;
export const CALIBRATION_BINS = 10;
export const SPARSE_BIN_BELOW = 5;
const Z95 = 1.959963984540054;

export const brierScore = (f: Forecast): number => (f.p - f.outcome) ** 2;

export function logLoss(f: Forecast): number {
  const p = Math.min(1 - LOG_LOSS_CLAMP, Math.max(LOG_LOSS_CLAMP, f.p));
  return -(f.outcome === 1 ? Math.log(p) : Math.log(1 - p));
}

export const brierSkillScore = (meanBrier: number): number => 1 - meanBrier / BASELINE_BRIER;

const mean = (values: readonly number[]): number => values.reduce((s, v) => s + v, 0) / values.length;

/** 95% Wilson score interval of a proportion of `successes` in `n` (n > 0). */
export function wilsonInterval(successes: number, n: number, z = Z95): { low: number; high: number } {
  const phat = successes / n;
  const z2 = z * z;
  const centre = (phat + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((phat * (1 - phat)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface CalibrationBin {
  low: number;
  high: number;
  n: number;
  meanP: number | null;
  observed: number | null;
  wilsonLow: number | null;
  wilsonHigh: number | null;
  sparse: boolean;
}

/** Bin index of p: [k/10, (k+1)/10), the last bin closed at 1. The epsilon keeps 0.3 * 10 in bin 3. */
export const binOf = (p: number): number => Math.min(CALIBRATION_BINS - 1, Math.floor(p * CALIBRATION_BINS + 1e-9));

export function calibration(forecasts: readonly Forecast[]): CalibrationBin[] {
  const groups: Forecast[][] = Array.from({ length: CALIBRATION_BINS }, () => []);
  for (const f of forecasts) groups[binOf(f.p)].push(f);
  return groups.map((group, k) => {
    const bounds = { low: k / CALIBRATION_BINS, high: (k + 1) / CALIBRATION_BINS };
    if (group.length === 0) return { ...bounds, n: 0, meanP: null, observed: null, wilsonLow: null, wilsonHigh: null, sparse: true };
    const yes = group.filter((f) => f.outcome === 1).length;
    const interval = wilsonInterval(yes, group.length);
    return {
      ...bounds,
      n: group.length,
      meanP: mean(group.map((f) => f.p)),
      observed: yes / group.length,
      wilsonLow: interval.low,
      wilsonHigh: interval.high,
      sparse: group.length < SPARSE_BIN_BELOW,
    };
  });
}

export interface ForecastSummary {
  n: number;
  meanBrier: number;
  brierSkill: number;
  logLoss: number;
  sharpness: number;
}

/** The headline scores of a non-empty set of forecasts; null for none. */
export function summarizeForecasts(forecasts: readonly Forecast[]): ForecastSummary | null {
  if (forecasts.length === 0) return null;
  const meanBrier = mean(forecasts.map(brierScore));
  return {
    n: forecasts.length,
    meanBrier,
    brierSkill: brierSkillScore(meanBrier),
    logLoss: mean(forecasts.map(logLoss)),
    sharpness: mean(forecasts.map((f) => Math.abs(2 * f.p - 1))),
  };
}
