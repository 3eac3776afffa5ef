import { findAnalogs, type Analog, type AnalogOptions } from "../../analytics/analog-search.js";
import { summarizeAnalogs, type AnalogSummary } from "../../analytics/analog-summary.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import { windowReturn } from "../../analytics/window-returns.js";
import type { Timeframe } from "../../domain/bar.js";
import type { SeriesCache } from "../market-data/series-cache.js";
import { locateQueryWindow, type QueryWindow } from "./query-window.js";

export interface PatternQuery extends AnalogOptions {
  ticker: string;
  timeframe: Timeframe;
  startMs: number;
  /** Exclusive. */
  endMs: number;
}

export interface PatternResult {
  series: PriceSeries;
  window: QueryWindow;
  queryReturn: number;
  analogs: Analog[];
  cached: boolean;
}

/** Analog search for the pattern routes: one ticker's own window against its own history. */
export class PatternService {
  constructor(private readonly seriesCache: SeriesCache) {}

  async analogs(query: PatternQuery): Promise<PatternResult> {
    const loaded = await this.seriesCache.load(query.ticker, query.timeframe);
    const window = locateQueryWindow(loaded.series, loaded.prepared, query.startMs, query.endMs);
    const analogs = findAnalogs(loaded.series, loaded.prepared, window.start, window.m, query);
    return {
      series: loaded.series,
      window,
      queryReturn: windowReturn(loaded.series.closes, window.start, window.m),
      analogs,
      cached: loaded.cached,
    };
  }

  summarize(result: PatternResult): AnalogSummary {
    return summarizeAnalogs(result.series, result.analogs);
  }
}
