import type { PreparedSeries } from "../core/prepared-series.js";
import { searchSeriesWindow } from "../core/search-series.js";
import { toAnalog, type Analog, type Metric } from "./analog-search.js";
import type { PriceSeries } from "./price-series.js";

/**
 * The k closest non-overlapping analogs of the series' own window [queryStart, queryStart + m) among the
 * windows that end at or before queryStart: what a walk-forward test standing at the window could have
 * searched. No wrapped windows (they would splice the future onto the past).
 */
export function findCausalAnalogs(series: PriceSeries, prepared: PreparedSeries, queryStart: number, m: number, k: number, metric: Metric): Analog[] {
  const matches = searchSeriesWindow(prepared, queryStart, m, { k, metric, wrap: false, causal: true });
  return matches.map((match) => toAnalog(series, match, m, metric));
}
