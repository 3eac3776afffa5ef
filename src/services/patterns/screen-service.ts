import { similarityFromDistance, type Metric } from "../../analytics/analog-search.js";
import { windowReturn } from "../../core/returns.js";
import type { ErrorCode } from "../../domain/app-error.js";
import type { Timeframe } from "../../domain/bar.js";
import { itemFailure, type ItemFailureStatus } from "../../domain/item-failure.js";
import type { SeriesCache } from "../market-data/series-cache.js";
import { locateQueryWindow } from "./query-window.js";
import type { SearchRunner } from "./search-job.js";

export type ScreenStatus = "ok" | "no_match" | "invalid_window" | ItemFailureStatus;

export interface ScreenRow {
  ticker: string;
  status: ScreenStatus;
  similarity: number | null;
  queryReturn: number | null;
  /** Time of the best analog's first bar (epoch ms), with the timeframe to format it. */
  topMatchStartMs: number | null;
  error?: string;
  /** Set on failed rows: the error that stopped this ticker. */
  code?: ErrorCode;
  retryAfterSeconds?: number;
}

export interface ScreenQuery {
  tickers: string[];
  timeframe: Timeframe;
  startMs: number;
  endMs: number;
  metric: Metric;
  sortBy: "similarity" | "return";
}

/** A window that does not exist in one ticker's history fails that row only. */
const SCREEN_ONLY_STATUS = { VALIDATION_FAILED: "invalid_window" } as const;

/**
 * For each ticker, its own window [start, end) against its own history: the best analog's similarity and
 * start, and the window's return. A ticker that fails keeps its place with a status and error; the
 * screen as a whole still answers. Searches run on the worker pool.
 */
export class ScreenService {
  constructor(
    private readonly seriesCache: SeriesCache,
    private readonly runner: SearchRunner,
  ) {}

  async screen(query: ScreenQuery): Promise<ScreenRow[]> {
    const rows = await Promise.all(query.tickers.map((ticker) => this.screenOne(ticker, query)));
    return sortRows(rows, query.sortBy);
  }

  private async screenOne(ticker: string, query: ScreenQuery): Promise<ScreenRow> {
    try {
      const { series, prepared } = await this.seriesCache.load(ticker, query.timeframe);
      const window = locateQueryWindow(series, prepared, query.startMs, query.endMs);
      const queryReturn = windowReturn(series.closes, window.start, window.m);
      const result = await this.runner.run({
        kind: "window",
        series: [series],
        queryStart: window.start,
        m: window.m,
        k: 1,
        metric: query.metric,
        wrap: false,
      });
      const best = result.matches[0];
      if (best === undefined) {
        return { ticker: series.ticker, status: "no_match", similarity: null, queryReturn, topMatchStartMs: null, error: "no eligible window elsewhere in the history" };
      }
      return {
        ticker: series.ticker,
        status: "ok",
        similarity: similarityFromDistance(best.distance, window.m, query.metric),
        queryReturn,
        topMatchStartMs: series.timesMs[best.start],
      };
    } catch (error) {
      return { ...itemFailure(ticker, error, SCREEN_ONLY_STATUS), similarity: null, queryReturn: null, topMatchStartMs: null };
    }
  }
}

/** Best first: lowest similarity, or highest query return; failed rows last, in request order. */
function sortRows(rows: ScreenRow[], sortBy: "similarity" | "return"): ScreenRow[] {
  const key = (r: ScreenRow) => (sortBy === "similarity" ? r.similarity : r.queryReturn === null ? null : -r.queryReturn);
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => {
      const ka = key(a.row);
      const kb = key(b.row);
      if (ka === null || kb === null) return ka === kb ? a.i - b.i : ka === null ? 1 : -1;
      return ka - kb || a.i - b.i;
    })
    .map(({ row }) => row);
}
