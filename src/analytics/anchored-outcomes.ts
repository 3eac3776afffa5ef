import { percentile } from "../core/statistics.js";
import { lowerBound, MAX_CLOSURE_MS, type PriceSeries } from "./price-series.js";

const DAY_MS = 86_400_000;

/** How a move is measured: a simple return, or a difference in the quote's own units (yields in percent). */
export type MoveKind = "return" | "change";

/**
 * What a series did over `horizonDays` calendar days after the moment `anchorMs` (the end of an event
 * in another series): from its last close on or before `anchorMs` to its last close on or before
 * `anchorMs + horizonDays`. Null when it cannot be known from real history: no close at or before the
 * anchor, a last close older than a normal market closure (4 days: the series was not trading then),
 * history that does not reach the horizon yet (no bar at or after it), no new close inside the horizon,
 * or, for returns, a starting price that is not positive.
 */
export function anchoredMove(series: PriceSeries, anchorMs: number, horizonDays: number, kind: MoveKind = "return"): number | null {
  const times = series.timesMs;
  const from = lowerBound(times, anchorMs + 1) - 1;
  if (from < 0 || anchorMs - times[from] > MAX_CLOSURE_MS) return null;
  const horizonMs = anchorMs + horizonDays * DAY_MS;
  const firstAtOrAfter = lowerBound(times, horizonMs);
  if (firstAtOrAfter >= times.length) return null;
  const to = times[firstAtOrAfter] === horizonMs ? firstAtOrAfter : firstAtOrAfter - 1;
  if (to <= from) return null;
  const start = series.closes[from];
  const end = series.closes[to];
  if (kind === "change") return end - start;
  return start > 0 ? end / start - 1 : null;
}

export interface OutcomeDistribution {
  n: number;
  mean: number | null;
  p10: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p90: number | null;
  /** Share of outcomes above zero (a rise), 0..1. */
  hitRate: number | null;
}

/** Mean, type-7 percentiles and the share above zero of the known outcomes (nulls are left out and not counted). */
export function outcomeDistribution(values: readonly (number | null)[]): OutcomeDistribution {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (known.length === 0) return { n: 0, mean: null, p10: null, p25: null, p50: null, p75: null, p90: null, hitRate: null };
  const at = (p: number) => percentile(known, p);
  return {
    n: known.length,
    mean: known.reduce((s, v) => s + v, 0) / known.length,
    p10: at(10),
    p25: at(25),
    p50: at(50),
    p75: at(75),
    p90: at(90),
    hitRate: known.filter((v) => v > 0).length / known.length,
  };
}
