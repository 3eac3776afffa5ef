import type { Evidence } from "../../analytics/forecast-evidence.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import type { ProfileBacktest, ProfileBacktestOptions } from "../../analytics/walk-forward-backtest.js";
import type { SeriesCache } from "../market-data/series-cache.js";
import type { SearchRunner } from "../patterns/search-job.js";

export interface PatternBacktestQuery extends ProfileBacktestOptions {
  ticker: string;
}

export interface PatternBacktestResult {
  series: PriceSeries;
  backtest: ProfileBacktest;
  /** The independent events against the every-bar baseline (its horizon counted in bars, like the study). */
  evidence: Evidence;
  cached: boolean;
}

/**
 * Every historical bar whose trailing return meets a profile, and what followed, on the ticker's daily history
 * (analytics/profile-study.ts, a pass over the whole history: on the worker pool).
 */
export class PatternBacktestService {
  constructor(
    private readonly seriesCache: SeriesCache,
    private readonly runner: SearchRunner,
  ) {}

  async run(query: PatternBacktestQuery): Promise<PatternBacktestResult> {
    const { series, cached } = await this.seriesCache.load(query.ticker, "1d");
    const { lookbackBars, forwardBars, minReturn } = query;
    const { backtest, evidence } = await this.runner.compute("profileStudy", [series], { lookbackBars, forwardBars, minReturn });
    return { series, backtest, evidence, cached };
  }
}
