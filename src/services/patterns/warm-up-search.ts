/**
 * Runs a few searches on a generated series (never served: its results are dropped) so a thread's first
 * real search does not pay for compiling the search code and instantiating the kernels. Takes a few ms.
 */
import { prepareSeries } from "../../core/prepared-series.js";
import { searchSeriesWindow } from "../../core/search-series.js";

const WARM_UP_BARS = 4000;

export function warmUpSearch(): void {
  const values = new Float64Array(WARM_UP_BARS);
  // A deterministic wiggly path: two incommensurate sines on a drift, so windows differ in shape.
  for (let i = 0; i < WARM_UP_BARS; i++) values[i] = 100 + 0.01 * i + Math.sin(i * 0.37) + 0.5 * Math.sin(i * 0.051);
  for (let rep = 0; rep < 3; rep++) {
    const series = prepareSeries(values);
    for (const m of [20, 60]) {
      for (const metric of ["l2", "l1"] as const) searchSeriesWindow(series, WARM_UP_BARS - m, m, { k: 10, metric });
    }
  }
}
