import { sampleStd } from "../core/statistics.js";
import { DAY_MS, formatBarTime } from "../domain/bar.js";
import type { ForecastClaim, ForecastScore } from "../domain/forecast-claim.js";
import { closeAtMoment } from "./forward-distribution.js";
import { lowerBound, type PriceSeries } from "./price-series.js";

/** Daily returns before the as-of bar that make the trailing volatility a buyer has for free. */
export const TRAILING_VOLATILITY_BARS = 60;

/** What the scorer needs of a logged forecast: the claim and its resolved as-of bar. */
export type ScorableForecast = Pick<
  ForecastClaim,
  "series" | "asOfDate" | "horizon" | "horizonUnit" | "outcomeKind" | "mean" | "range" | "meanInterval" | "probabilityUp" | "direction" | "baselineHitRate"
> & { asOfMs: number };

export type ForecastOutcome =
  | { kind: "scored"; score: ForecastScore }
  /** The bars do not reach the horizon yet: retried later. */
  | { kind: "pending"; reason: string }
  /** No close stands for the horizon (a gap in the bars), or the as-of bar is not in the history: never scorable. */
  | { kind: "void"; reason: string };

/**
 * Scores one forecast from a history (the same store the forecast read). The outcome is the close that stands
 * for the horizon, by the rule every analog outcome follows (closeAtMoment: the last close at or before as-of +
 * h calendar days, no older than a market closure), or the close `horizon` bars later for a bar horizon.
 * - realised: that close over the as-of close minus 1 (a `change` outcome: their difference);
 * - inside the range / the mean interval: low <= realised <= high;
 * - direction right: the forecast's side (its sign of the mean, or a signal's long/short) is the sign of the
 *   outcome (a rise is an outcome above zero, as a hit rate counts it); the baseline's side is up when its hit
 *   rate is at least one half;
 * - Brier: (probability of a rise - 1{rise})², the baseline's with its hit rate as the probability;
 * - realised volatility: the standard deviation of the daily log returns (changes for a `change` outcome) from
 *   the as-of bar to the outcome, times √(their count): the size of move the horizon had; the trailing volatility
 *   is the same figure of the TRAILING_VOLATILITY_BARS daily returns up to the as-of bar, times the same √count.
 */
export function scoreForecast(series: PriceSeries, claim: ScorableForecast, scoredAtMs: number): ForecastOutcome {
  const { timesMs, closes } = series;
  const n = timesMs.length;
  const at = lowerBound(timesMs, claim.asOfMs);
  if (at >= n || timesMs[at] !== claim.asOfMs) return { kind: "void", reason: `the as-of bar ${claim.asOfDate} is not in the stored history of ${claim.series}` };
  const end = outcomeIndex(series, at, claim);
  if (end.index === null) {
    const what = claim.horizonUnit === "bars" ? `${claim.horizon} bars` : `${claim.horizon} days`;
    return end.status === "beyond_history"
      ? { kind: "pending", reason: `the stored bars of ${claim.series} do not reach ${what} after ${claim.asOfDate} yet` }
      : { kind: "void", reason: `no stored close of ${claim.series} stands for ${what} after ${claim.asOfDate} (a gap in the bars)` };
  }
  const j = end.index;
  const realised = claim.outcomeKind === "change" ? closes[j] - closes[at] : closes[j] / closes[at] - 1;
  if (!Number.isFinite(realised)) return { kind: "void", reason: `a close of ${claim.series} at ${claim.asOfDate} or at the horizon is missing` };
  const rose = realised > 0;
  const side = claim.direction === "long" ? 1 : claim.direction === "short" ? -1 : claim.direction === "flat" ? 0 : Math.sign(claim.mean ?? 0);
  const inside = (i: { low: number; high: number } | null) => (i === null ? null : realised >= i.low && realised <= i.high);
  const steps = dailyMoves(series, at + 1, j, claim.outcomeKind);
  const trailing = dailyMoves(series, Math.max(1, at - TRAILING_VOLATILITY_BARS + 1), at, claim.outcomeKind);
  const scale = Math.sqrt(steps.length);
  return {
    kind: "scored",
    score: {
      outcomeDate: formatBarTime(timesMs[j], "1d"),
      realised,
      insideRange: inside(claim.range),
      insideMeanInterval: inside(claim.meanInterval),
      directionRight: side === 0 ? null : side > 0 === rose,
      baselineDirectionRight: claim.baselineHitRate === null ? null : claim.baselineHitRate >= 0.5 === rose,
      brier: claim.probabilityUp === null ? null : (claim.probabilityUp - (rose ? 1 : 0)) ** 2,
      baselineBrier: claim.baselineHitRate === null ? null : (claim.baselineHitRate - (rose ? 1 : 0)) ** 2,
      realisedVolatility: steps.length < 2 ? null : sampleStd(steps) * scale,
      trailingVolatility: steps.length < 2 || trailing.length < 2 ? null : sampleStd(trailing) * scale,
      scoredAtMs,
    },
  };
}

function outcomeIndex(series: PriceSeries, at: number, claim: ScorableForecast): { index: number | null; status: string } {
  if (claim.horizonUnit === "bars") {
    const index = at + claim.horizon;
    return index < series.timesMs.length ? { index, status: "counted" } : { index: null, status: "beyond_history" };
  }
  return closeAtMoment(series.timesMs, at, claim.asOfMs + claim.horizon * DAY_MS);
}

/** Daily log returns (or changes) of bars first..last, each against the bar before; non-finite ones left out. */
function dailyMoves(series: PriceSeries, first: number, last: number, kind: ScorableForecast["outcomeKind"]): number[] {
  const moves: number[] = [];
  for (let k = first; k <= last; k++) {
    const move = kind === "change" ? series.closes[k] - series.closes[k - 1] : Math.log(series.closes[k] / series.closes[k - 1]);
    if (Number.isFinite(move)) moves.push(move);
  }
  return moves;
}
