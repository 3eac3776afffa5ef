import { searchSeriesWindow } from "../core/search-series.js";
import type { PreparedSeries } from "../core/prepared-series.js";
import { windowReturn } from "../core/returns.js";
import { toAnalog, type Analog, type Metric } from "./analog-search.js";
import { adjustAcrossHorizons, forecastEvidence, unconditionalBaseline, type Evidence } from "./forecast-evidence.js";
import { forwardDistribution, type ForwardDistribution } from "./forward-distribution.js";
import type { PriceSeries } from "./price-series.js";
import { selectionEffect } from "./selection-effect.js";

export interface AnalogForecastOptions {
  k: number;
  metric: Metric;
  /** Calendar-day horizons, in the caller's order. */
  horizonsDays: readonly number[];
  /** Only analogs that end before the window starts (walk-forward), and a baseline known by then. */
  causal: boolean;
}

/** What a window's analogs say about what follows it; the series and window are the caller's. */
export interface AnalogForecastFigures {
  queryReturn: number;
  /** Ranked best first; never wrapped. */
  analogs: Analog[];
  distribution: ForwardDistribution;
  /** Per horizon (same order): baseline over the same history, interval of the mean, excess over the baseline. */
  evidence: Evidence[];
}

/**
 * The k closest non-overlapping windows of the series' own history to [start, start + m) (exact search, never
 * wrapped: a wrapped window would splice the end onto the start, and causal the future onto the past), what
 * followed each over the horizons, and the evidence against the unconditional baseline. The window must be
 * eligible (the services locate and validate it first); a RangeError otherwise.
 */
export function analogForecast(series: PriceSeries, prepared: PreparedSeries, window: { start: number; m: number }, options: AnalogForecastOptions): AnalogForecastFigures {
  const matches = searchSeriesWindow(prepared, window.start, window.m, { k: options.k, metric: options.metric, wrap: false, causal: options.causal });
  const analogs = matches.map((match) => toAnalog(series, match, window.m, options.metric));
  const distribution = forwardDistribution(series, analogs, window.m, window.start, options.horizonsDays);
  // Causal: the baseline may only use outcomes that had closed by the query's first bar, like the analogs.
  const lastKnown = options.causal ? window.start : undefined;
  // How much the choice of analogs spreads their mean beyond s²/n, measured on the same history (selection-effect.ts).
  const designEffects = selectionEffect(series, prepared, window.m, options, window.start);
  return {
    queryReturn: windowReturn(series.closes, window.start, window.m),
    analogs,
    distribution,
    // The horizons of one answer are tested together: their p-values are adjusted for one another.
    evidence: adjustAcrossHorizons(
      distribution.horizons.map((h, i) => {
        const baseline = unconditionalBaseline(series, h.horizonDays, lastKnown);
        return forecastEvidence(h.independent, baseline, baseline, designEffects[i]);
      }),
    ),
  };
}
