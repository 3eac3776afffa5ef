import { indexRange, type PriceSeries } from "../../analytics/price-series.js";
import type { PreparedSeries } from "../../core/prepared-series.js";
import { AppError } from "../../domain/app-error.js";

export const MIN_WINDOW_BARS = 5;

export interface QueryWindow {
  start: number;
  m: number;
}

/**
 * The query window [startMs, endMs) located in the series, with the spec's bounds: at least 5 bars, at
 * most half the history (so analogs have room to exist), and no gap or missing value inside.
 */
export function locateQueryWindow(series: PriceSeries, prepared: PreparedSeries, startMs: number, endMs: number): QueryWindow {
  const [start, end] = indexRange(series.timesMs, startMs, endMs);
  const m = end - start;
  const n = series.closes.length;
  if (m === 0) {
    throw new AppError("NO_DATA", `${series.ticker} has no ${series.timeframe} bars from start_date up to (not including) end_date`);
  }
  if (m < MIN_WINDOW_BARS) {
    throw windowError(`the window holds ${m} bar${m === 1 ? "" : "s"}; at least ${MIN_WINDOW_BARS} are needed`);
  }
  if (m * 2 > n) {
    throw windowError(`the window holds ${m} bars, more than half of the ${n}-bar history; shorten it`);
  }
  if (!prepared.isEligibleWindow(start, m)) {
    throw windowError("the window spans a gap in the price history (a closure longer than 4 days) or a missing value");
  }
  return { start, m };
}

function windowError(issue: string): AppError {
  return new AppError("VALIDATION_FAILED", `Invalid query window: ${issue}`, {
    details: [
      { param: "start_date", issue },
      { param: "end_date", issue },
    ],
  });
}
