import { lowerBound, MAX_CLOSURE_MS, type PriceSeries } from "./price-series.js";
import { DAY_MS } from "../domain/bar.js";

export interface TrailingReturn {
  days: number;
  /** The bar that stands for `days` calendar days before the end bar: the last one at or before that moment. */
  fromIndex: number | null;
  /** close[end] / close[from] - 1; null when the history does not reach back, the moment falls in a gap, or a close is missing. */
  value: number | null;
}

/** The return over the last `days` calendar days up to bar endIndex (reads no bar after it). */
export function trailingReturn(series: PriceSeries, endIndex: number, days: number): TrailingReturn {
  const moment = series.timesMs[endIndex] - days * DAY_MS;
  const from = lowerBound(series.timesMs, moment + 1) - 1;
  if (from < 0 || moment - series.timesMs[from] > MAX_CLOSURE_MS) return { days, fromIndex: null, value: null };
  const value = series.closes[endIndex] / series.closes[from] - 1;
  return { days, fromIndex: from, value: Number.isFinite(value) ? value : null };
}
