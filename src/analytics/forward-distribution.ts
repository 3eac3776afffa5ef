import { returnBetween } from "../core/returns.js";
import type { Analog } from "./analog-search.js";
import { lowerBound, MAX_CLOSURE_MS, type PriceSeries } from "./price-series.js";
import { describeReturns, selectIndependent, type ReturnStats } from "./return-distribution.js";
import { DAY_MS } from "../domain/bar.js";

/**
 * Why an analog's return over a horizon does or does not count:
 * - counted: real history covers the horizon;
 * - beyond_history: the data has not reached the horizon yet (no bar at or after it);
 * - no_close_at_horizon: no bar closes after the analog and by the horizon (a 1-day horizon from a Friday),
 *   the last such close is more than 4 days older than the horizon (the horizon falls in a data gap), or it
 *   is missing (not a finite number);
 * - overlaps_query: the analog precedes the query window and its forward span runs into it, so its outcome
 *   would be made of the query's own bars.
 */
export type OutcomeStatus = "counted" | "beyond_history" | "no_close_at_horizon" | "overlaps_query";

export interface AnalogOutcome {
  horizonDays: number;
  status: OutcomeStatus;
  /** Close-to-close return from the analog's last bar to the horizon close; null unless that close exists. */
  forwardReturn: number | null;
  /** Index of the horizon close, or null. */
  closeIndex: number | null;
}

export interface HorizonDistribution {
  horizonDays: number;
  stats: ReturnStats;
  /** Outcomes whose [analog start, horizon close] spans share no daily return (see selectIndependent). */
  nIndependent: number;
  /** Those independent outcomes, in time order. */
  independent: number[];
  /** Their analogs' positions among the plain (unwrapped) analogs, the rows of `outcomes`, same order. */
  independentAnalogs: number[];
}

export interface ForwardDistribution {
  horizons: HorizonDistribution[];
  /** Per analog (same order as given), one outcome per horizon (same order as requested). */
  outcomes: AnalogOutcome[][];
}

/**
 * Index of the close that stands for "horizonDays calendar days after bar endIndex": the last bar at or
 * before that moment. null when the history has not reached the moment, or when no fresh close stands for it.
 */
export function horizonCloseIndex(series: PriceSeries, endIndex: number, horizonDays: number): { index: number | null; status: OutcomeStatus } {
  return closeAtMoment(series.timesMs, endIndex, series.timesMs[endIndex] + horizonDays * DAY_MS);
}

/**
 * The one horizon-close finder (forward outcomes of analogs, anchored moves of other series, baselines):
 * the last bar at or before `horizonMs`, when it lies after bar `fromIndex`, is at most 4 days older than
 * the moment (else the moment falls in a data gap) and the history reaches the moment (a bar at or after it).
 */
export function closeAtMoment(timesMs: Float64Array, fromIndex: number, horizonMs: number): { index: number | null; status: OutcomeStatus } {
  const firstAtOrAfter = lowerBound(timesMs, horizonMs);
  if (firstAtOrAfter >= timesMs.length) return { index: null, status: "beyond_history" };
  const index = timesMs[firstAtOrAfter] === horizonMs ? firstAtOrAfter : firstAtOrAfter - 1;
  if (index <= fromIndex || horizonMs - timesMs[index] > MAX_CLOSURE_MS) return { index: null, status: "no_close_at_horizon" };
  return { index, status: "counted" };
}

/** One analog [start, start + m) against one horizon, with the query window [queryStart, queryStart + m). */
export function analogOutcome(series: PriceSeries, start: number, m: number, queryStart: number, horizonDays: number): AnalogOutcome {
  const endIndex = start + m - 1;
  const { index, status } = horizonCloseIndex(series, endIndex, horizonDays);
  if (index === null) return { horizonDays, status, forwardReturn: null, closeIndex: null };
  const forwardReturn = returnBetween(series.closes, endIndex, index);
  // A missing close at the horizon is as good as no close: it must not reach the statistics.
  if (!Number.isFinite(forwardReturn)) return { horizonDays, status: "no_close_at_horizon", forwardReturn: null, closeIndex: null };
  // Touching is fine: an outcome ending on the query's first close shares no return with the query.
  const overlaps = endIndex < queryStart && index > queryStart;
  return { horizonDays, status: overlaps ? "overlaps_query" : "counted", forwardReturn, closeIndex: index };
}

/**
 * What followed each analog over each calendar-day horizon, and the distribution of the counted outcomes.
 * Wrapped analogs are skipped entirely (their two halves are not one stretch of time), so `outcomes` holds
 * one row per plain analog, in the order given.
 */
export function forwardDistribution(
  series: PriceSeries,
  analogs: readonly Analog[],
  m: number,
  queryStart: number,
  horizonsDays: readonly number[],
): ForwardDistribution {
  const starts = analogs.filter((a) => !a.wrapped).map((a) => a.indices[0]);
  const outcomes = starts.map((start) => horizonsDays.map((days) => analogOutcome(series, start, m, queryStart, days)));
  const horizons = horizonsDays.map((horizonDays, h) => {
    const counted = starts.map((start, row) => ({ row, start, outcome: outcomes[row][h] })).filter((x) => x.outcome.status === "counted");
    const spans = counted.map((x) => ({ start: x.start, end: x.outcome.closeIndex! }));
    const kept = selectIndependent(spans).map((i) => counted[i]);
    return {
      horizonDays,
      stats: describeReturns(counted.map((x) => x.outcome.forwardReturn!)),
      nIndependent: kept.length,
      independent: kept.map((x) => x.outcome.forwardReturn!),
      independentAnalogs: kept.map((x) => x.row),
    };
  });
  return { horizons, outcomes };
}
