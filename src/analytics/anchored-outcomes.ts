import { returnBetween } from "../core/returns.js";
import { closeAtMoment } from "./forward-distribution.js";
import { lowerBound, MAX_CLOSURE_MS, type PriceSeries } from "./price-series.js";
import { describeReturns, type ReturnStats } from "./return-distribution.js";
import { DAY_MS } from "../domain/bar.js";

/** How a move is measured: a simple return, or a difference in the quote's own units (yields in percent). */
export type MoveKind = "return" | "change";

/**
 * What a series did over `horizonDays` calendar days after the moment `anchorMs` (the end of an event
 * in another series): from its last close on or before `anchorMs` to its last close on or before
 * `anchorMs + horizonDays` (found by the same rule as every forward outcome, closeAtMoment). Null when it
 * cannot be known from real history: no close at or before the anchor, a last close older than a normal
 * market closure (4 days: the series was not trading then), history that does not reach the horizon yet,
 * no fresh close inside the horizon, or, for returns, a starting price that is not positive.
 */
export function anchoredMove(series: PriceSeries, anchorMs: number, horizonDays: number, kind: MoveKind = "return"): number | null {
  const times = series.timesMs;
  const from = lowerBound(times, anchorMs + 1) - 1;
  if (from < 0 || anchorMs - times[from] > MAX_CLOSURE_MS) return null;
  const { index: to } = closeAtMoment(times, from, anchorMs + horizonDays * DAY_MS);
  if (to === null) return null;
  if (kind === "change") return series.closes[to] - series.closes[from];
  return series.closes[from] > 0 ? returnBetween(series.closes, from, to) : null;
}

/** The description of the known outcomes (nulls and non-finite values are left out and not counted). */
export function outcomeDistribution(values: readonly (number | null)[]): ReturnStats {
  return describeReturns(values.filter((v): v is number => v !== null && Number.isFinite(v)));
}
