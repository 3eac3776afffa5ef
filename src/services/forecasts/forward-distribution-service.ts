import { toAnalog, type Analog, type Metric } from "../../analytics/analog-search.js";
import { forecastEvidence, unconditionalBaseline, type Evidence, type ForecastMode } from "../../analytics/forecast-evidence.js";
import { forwardDistribution, type ForwardDistribution } from "../../analytics/forward-distribution.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import { windowReturn } from "../../core/returns.js";
import type { LoadedSeries, SeriesCache } from "../market-data/series-cache.js";
import { locateQueryWindow, type QueryWindow } from "../patterns/query-window.js";
import { searchInput, type SearchRunner } from "../patterns/search-job.js";
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
  cached: boolean;
}

/**
 * Forward-return distributions after a window's analogs: the k closest non-overlapping windows of the
 * ticker's own daily history (exact search, no wrapped windows), and what followed each over calendar-day
 * horizons (see analytics/forward-distribution.ts for which outcomes count).
 */
export class ForwardDistributionService {
  constructor(
    private readonly seriesCache: SeriesCache,
    /** The search worker pool: the scan runs off the event loop, like every pattern route's. */
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
    return this.forecast(loaded, window, query, true);
  }

  private async forecast(loaded: LoadedSeries, window: QueryWindow, query: AnalogQuery, causal: boolean): Promise<AnalogForecast> {
    const { series } = loaded;
    // Never wrapped: a wrapped window would splice the series' end onto its start (and, causal, the future onto the past).
    const { matches } = await this.runner.run({ ...searchInput(series), queryStart: window.start, m: window.m, k: query.k, metric: query.metric, wrap: false, causal });
    const analogs = matches.map((match) => toAnalog(series, match, window.m, query.metric));
    const distribution = forwardDistribution(series, analogs, window.m, window.start, query.horizonsDays);
    // Causal: the baseline may only use outcomes that had closed by the query's first bar, like the analogs.
    const lastKnown = causal ? window.start : undefined;
    return {
      series,
      window,
      queryReturn: windowReturn(series.closes, window.start, window.m),
      metric: query.metric,
      causal,
      mode: causal ? "causal" : "full_history",
      analogs,
      distribution,
      evidence: distribution.horizons.map((h) => forecastEvidence(h.independent, unconditionalBaseline(series, h.horizonDays, lastKnown))),
      cached: loaded.cached,
    };
  }
}
