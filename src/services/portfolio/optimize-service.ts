import type { OptimizeQuery, OptimizeResult } from "./optimize-computation.js";
import type { SeriesCache } from "../market-data/series-cache.js";
import type { SearchRunner } from "../patterns/search-job.js";
import { loadAssets } from "./asset-loader.js";
import { assetPeriodsPerYear } from "./lookback-window.js";

/**
 * Long-only mean-variance weights over a look-back period (see analytics/mean-variance.ts): the histories are
 * loaded here; the alignment, the moments and the HiGHS solve run on the worker pool (optimize-computation.ts).
 */
export class OptimizeService {
  constructor(
    private readonly seriesCache: SeriesCache,
    private readonly runner: SearchRunner,
  ) {}

  async optimize(query: OptimizeQuery): Promise<OptimizeResult> {
    const assets = await loadAssets(this.seriesCache, query.tickers, "tickers");
    const inputs = { ...query, tickers: assets.map((a) => a.ticker), periodsPerYear: assetPeriodsPerYear(assets) };
    return this.runner.compute(
      "optimizePortfolio",
      assets.map((a) => a.series),
      inputs,
    );
  }
}
