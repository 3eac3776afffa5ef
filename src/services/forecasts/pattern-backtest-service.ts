import { forecastEvidence, type Evidence } from "../../analytics/forecast-evidence.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import { returnProfileBacktest, type ProfileBacktest, type ProfileBacktestOptions } from "../../analytics/walk-forward-backtest.js";
import type { SeriesCache } from "../market-data/series-cache.js";

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

/** Every historical bar whose trailing return meets a profile, and what followed, on the ticker's daily history. */
export class PatternBacktestService {
  constructor(private readonly seriesCache: SeriesCache) {}

  async run(query: PatternBacktestQuery): Promise<PatternBacktestResult> {
    const { series, cached } = await this.seriesCache.load(query.ticker, "1d");
    const backtest = returnProfileBacktest(series, query);
    const at = (i: number | null) => (i === null ? null : series.timesMs[i]);
    const baseline = { horizonDays: query.forwardBars, ...backtest.baselineStats, fromMs: at(backtest.baselineFromIndex), toMs: at(backtest.baselineToIndex) };
    const evidence = forecastEvidence(backtest.independent.map((e) => e.forwardReturn!), baseline);
    return { series, backtest, evidence, cached };
  }
}
