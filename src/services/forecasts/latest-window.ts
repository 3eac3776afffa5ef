import type { PriceSeries } from "../../analytics/price-series.js";
import type { PreparedSeries } from "../../core/prepared-series.js";
import { validationError } from "../../domain/app-error.js";
import type { QueryWindow } from "../patterns/query-window.js";

/**
 * The most recent `bars` bars of the history as a query window, with the same bounds as a dated window:
 * at most half the history (so analogs have room to exist), and no gap or missing value inside. Failures
 * are 422s naming the parameter the caller set.
 */
export function locateLatestWindow(series: PriceSeries, prepared: PreparedSeries, bars: number, param: string): QueryWindow {
  const n = series.closes.length;
  if (bars * 2 > n) {
    throw validationError(param, `${bars} bars is more than half of the ${n}-bar history of ${series.ticker}; use at most ${Math.floor(n / 2)}`);
  }
  const start = n - bars;
  if (!prepared.isEligibleWindow(start, bars)) {
    throw validationError(param, `the most recent ${bars} bars of ${series.ticker} span a gap in the history or a missing value; use fewer bars`);
  }
  return { start, m: bars };
}
