import { AppError } from "../domain/app-error.js";
import { commonTimes } from "./aligned-panel.js";
import { alignedReturns } from "./aligned-returns.js";
import { shiftMonthsUtc } from "./calendar-months.js";
import { correlationMatrix, diversification, type Diversification } from "./correlation.js";
import type { PriceSeries } from "./price-series.js";

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
 * Pairwise Pearson correlations of daily simple returns over the `periodMonths` calendar months that end at the
 * latest date all the series share, every pair on the same (intersected) dates; a 422 naming tickers and
 * period when they share fewer than MIN_CORRELATION_RETURNS returns there. `period` names the span in messages.
 */
export function correlationReport(series: readonly PriceSeries[], query: { period: string; periodMonths: number }): CorrelationResult {
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

function tooFew(returns: number, period: string): AppError {
  const issue = `the tickers share only ${returns} daily returns in the ${period} period; at least ${MIN_CORRELATION_RETURNS} are needed`;
  return new AppError("VALIDATION_FAILED", `Not enough common history: ${issue}`, {
    details: [
      { param: "tickers", issue },
      { param: "period", issue },
    ],
  });
}
