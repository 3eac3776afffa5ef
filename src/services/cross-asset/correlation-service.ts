import { commonTimes } from "../../analytics/aligned-panel.js";
import { alignedReturns } from "../../analytics/aligned-returns.js";
import { shiftMonthsUtc } from "../../analytics/calendar-months.js";
import { correlationMatrix, diversification, type Diversification } from "../../analytics/correlation.js";
import { AppError } from "../../domain/app-error.js";
import type { SeriesCache } from "../market-data/series-cache.js";
import { loadEach } from "./load-each.js";

/** Fewer aligned daily returns than this and a correlation is mostly noise (its standard error is ~1/sqrt(n)). */
export const MIN_CORRELATION_RETURNS = 20;

export interface CorrelationPair {
  a: string;
  b: string;
  correlation: number;
}

export interface CorrelationResult {
  tickers: string[];
  /** First and last common dates of the period (the first is the base of the first return). */
  fromMs: number;
  toMs: number;
  returns: number;
  droppedReturns: number;
  matrix: (number | null)[][];
  strongest: CorrelationPair[];
  weakest: CorrelationPair[];
  diversification: Diversification;
}

/**
 * Pairwise Pearson correlations of daily simple returns over the period that ends at the latest date all
 * tickers share, every pair on the same (intersected) dates. The matrix needs every ticker, so an unknown
 * one fails the call.
 */
export class CorrelationService {
  constructor(private readonly seriesCache: SeriesCache) {}

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
    const shared = commonTimes(series);
    if (shared.length === 0) throw tooFew(0, query.period);
    const toMs = shared[shared.length - 1];
    const { returns, timesMs, firstMs, droppedReturns, skippedSteps } = alignedReturns(series, shiftMonthsUtc(toMs, -query.periodMonths), toMs + 1);
    if (timesMs.length < MIN_CORRELATION_RETURNS) throw tooFew(timesMs.length, query.period);
    const tickers = series.map((s) => s.ticker);
    const matrix = correlationMatrix(returns);
    const pairs: CorrelationPair[] = [];
    for (let a = 0; a < tickers.length; a++) {
      for (let b = a + 1; b < tickers.length; b++) {
        const r = matrix[a][b];
        if (r !== null) pairs.push({ a: tickers[a], b: tickers[b], correlation: r });
      }
    }
    return {
      tickers,
      fromMs: firstMs,
      toMs,
      returns: timesMs.length,
      droppedReturns: droppedReturns + skippedSteps,
      matrix,
      // Stable sorts keep the request order among equal correlations.
      strongest: [...pairs].sort((x, y) => y.correlation - x.correlation).slice(0, 3),
      weakest: [...pairs].sort((x, y) => x.correlation - y.correlation).slice(0, 3),
      diversification: diversification(matrix),
    };
  }
}

function tooFew(returns: number, period: string): AppError {
  const issue = `the tickers share only ${returns} daily returns in the ${period} period; at least ${MIN_CORRELATION_RETURNS} are needed`;
  return new AppError("VALIDATION_FAILED", `Not enough common history: ${issue}`, {
    details: [
      { param: "tickers", issue },
      { param: "period", issue },
    ],
  });
}
