import type { Analog, Metric } from "../../analytics/analog-search.js";
import type { Evidence, ForecastMode } from "../../analytics/forecast-evidence.js";
import type { ForwardDistribution } from "../../analytics/forward-distribution.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import type { RegimeLabel } from "../../analytics/regime-label.js";
import type { LoadedSeries, SeriesCache } from "../market-data/series-cache.js";
import { locateQueryWindow, type QueryWindow } from "../patterns/query-window.js";
import type { SearchRunner } from "../patterns/search-job.js";
import { locateLatestWindow } from "./latest-window.js";

interface AnalogQuery {
  ticker: string;
  k: number;
  metric: Metric;
  /** Calendar-day horizons, in the caller's order. */
  horizonsDays: readonly number[];
}

export interface WindowForecastQuery extends AnalogQuery {
  startMs: number;
  /** Exclusive. */
  endMs: number;
  /** Only analogs that end before the window starts (walk-forward); otherwise the whole history. */
  causal: boolean;
}

export interface LatestForecastQuery extends AnalogQuery {
  /** The most recent this-many bars are the query. */
  lookbackBars: number;
  /** The parameter that set lookbackBars, named in a 422. */
  lookbackParam: string;
  /** Also label the window's trend and volatility regime (AnalogForecast.regime). */
  labelRegime?: boolean;
}

export interface AnalogForecast {
  series: PriceSeries;
  window: QueryWindow;
  queryReturn: number;
  metric: Metric;
  causal: boolean;
  mode: ForecastMode;
  /** Ranked best first; never wrapped. */
  analogs: Analog[];
  distribution: ForwardDistribution;
  /** Per horizon (same order): baseline over the same history, interval of the mean, excess over the baseline. */
  evidence: Evidence[];
  /** The window's regime label when the query asked for it (LatestForecastQuery.labelRegime), else null. */
  regime: RegimeLabel | null;
  cached: boolean;
}

/**
 * Forward-return distributions after a window's analogs: the k closest non-overlapping windows of the
 * ticker's own daily history (exact search, no wrapped windows), and what followed each over calendar-day
 * horizons (see analytics/forward-distribution.ts for which outcomes count). The window is located and
 * validated here; the search and everything computed from it run on the worker pool (analog-forecast.ts).
 */
export class ForwardDistributionService {
  constructor(
    private readonly seriesCache: SeriesCache,
    /** The search worker pool: the scan and the analytics run off the event loop, like every pattern route's. */
    private readonly runner: SearchRunner,
  ) {}

  async forWindow(query: WindowForecastQuery): Promise<AnalogForecast> {
    const loaded = await this.seriesCache.load(query.ticker, "1d");
    const window = locateQueryWindow(loaded.series, loaded.prepared, query.startMs, query.endMs);
    return this.forecast(loaded, window, query, query.causal);
  }

  /** The ticker's most recent shape, searched causally (only windows that end before it starts). */
  async forLatest(query: LatestForecastQuery): Promise<AnalogForecast> {
    const loaded = await this.seriesCache.load(query.ticker, "1d");
    const window = locateLatestWindow(loaded.series, loaded.prepared, query.lookbackBars, query.lookbackParam);
    return this.forecast(loaded, window, query, true, query.labelRegime === true);
  }

  private async forecast(loaded: LoadedSeries, window: QueryWindow, query: AnalogQuery, causal: boolean, labelRegime = false): Promise<AnalogForecast> {
    const { series } = loaded;
    const options = { k: query.k, metric: query.metric, horizonsDays: query.horizonsDays, causal };
    const figures = await this.runner.compute("forecast", [series], { window, options, labelRegime });
    return { series, window, metric: query.metric, causal, mode: causal ? "causal" : "full_history", ...figures, cached: loaded.cached };
  }
}
