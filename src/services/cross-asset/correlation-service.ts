import type { CorrelationResult } from "../../analytics/correlation-report.js";
import { AppError } from "../../domain/app-error.js";
import type { SeriesCache } from "../market-data/series-cache.js";
import type { SearchRunner } from "../patterns/search-job.js";
import { loadEach } from "./load-each.js";

/**
 * Pairwise Pearson correlations of daily simple returns over the period that ends at the latest date all
 * tickers share, every pair on the same (intersected) dates (analytics/correlation-report.ts, on the worker
 * pool: an alignment of whole histories). The matrix needs every ticker, so an unknown one fails the call.
 */
export class CorrelationService {
  constructor(
    private readonly seriesCache: SeriesCache,
    private readonly runner: SearchRunner,
  ) {}

  /** `period` names the span in messages; `periodMonths` is the span in calendar months. */
  async matrix(query: { tickers: string[]; period: string; periodMonths: number }): Promise<CorrelationResult> {
    const outcomes = await loadEach(this.seriesCache, query.tickers);
    const failed = outcomes.flatMap((o) => (o.status === "ok" ? [] : [o]));
    if (failed.length > 0) {
      // Every failed ticker is named; the caller's own mistakes (unknown, no data: 404) outrank upstream trouble (503).
      const lead = failed.find((o) => o.code === "UNKNOWN_TICKER") ?? failed.find((o) => o.code === "NO_DATA") ?? failed[0];
      const details = failed.map((o) => ({ param: "tickers", issue: `${o.ticker}: ${o.error}` }));
      const message = `Cannot build the matrix without ${failed.map((o) => o.ticker).join(", ")}: ${lead.error}`;
      throw new AppError(lead.code, message, { details, retryAfterSeconds: lead.retryAfterSeconds });
    }
    const series = outcomes.flatMap((o) => (o.status === "ok" ? [o.loaded.series] : []));
    return this.runner.compute("correlationReport", series, { period: query.period, periodMonths: query.periodMonths });
  }
}
