import { momentumAsOf, type MomentumOutcome } from "../../analytics/momentum.js";
import { periodsPerYear } from "../../analytics/return-moments.js";
import type { ErrorCode } from "../../domain/app-error.js";
import { itemFailure, type ItemFailureStatus } from "../../domain/item-failure.js";
import type { SeriesCache } from "../market-data/series-cache.js";

export type MomentumStatus = "ok" | "insufficient_history" | ItemFailureStatus;

/** One name's momentum, or why it has none. */
export interface MeasuredName {
  ticker: string;
  status: MomentumStatus;
  outcome: MomentumOutcome | null;
  error?: string;
  /** Set when the name has no score: insufficient history counts as NO_DATA. */
  code?: ErrorCode;
  retryAfterSeconds?: number;
}

/**
 * Momentum of many names, each as of its own latest bar. A name that cannot be loaded or lacks a year of
 * history keeps its place with a status and an error, so one bad name never fails a scan.
 */
export class MomentumMeasurer {
  constructor(private readonly seriesCache: SeriesCache) {}

  measureMany(tickers: readonly string[]): Promise<MeasuredName[]> {
    return Promise.all(tickers.map((ticker) => this.measure(ticker)));
  }

  private async measure(ticker: string): Promise<MeasuredName> {
    try {
      const { symbol, series } = await this.seriesCache.load(ticker, "1d");
      const outcome = momentumAsOf(series, series.timesMs.length - 1, periodsPerYear(symbol.assetClass === "crypto"));
      if (outcome.kind === "ok") return { ticker: symbol.ticker, status: "ok", outcome };
      return { ticker: symbol.ticker, status: "insufficient_history", outcome, error: outcome.reason, code: "NO_DATA" };
    } catch (error) {
      return { ...itemFailure(ticker, error), outcome: null };
    }
  }
}
