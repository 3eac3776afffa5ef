import type { PriceSeries } from "../../analytics/price-series.js";
import { returnProfileBacktest, type ProfileBacktest, type ProfileBacktestOptions } from "../../analytics/walk-forward-backtest.js";
import type { SeriesCache } from "../market-data/series-cache.js";

export interface PatternBacktestQuery extends ProfileBacktestOptions {
  ticker: string;
}

export interface PatternBacktestResult {
  series: PriceSeries;
  backtest: ProfileBacktest;
  cached: boolean;
}

/** Every historical bar whose trailing return meets a profile, and what followed, on the ticker's daily history. */
export class PatternBacktestService {
  constructor(private readonly seriesCache: SeriesCache) {}

  async run(query: PatternBacktestQuery): Promise<PatternBacktestResult> {
    const { series, cached } = await this.seriesCache.load(query.ticker, "1d");
    return { series, backtest: returnProfileBacktest(series, query), cached };
  }
}
