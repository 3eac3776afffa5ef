import { distinctSignals, signalPerformance, type PerformanceFigures } from "../../analytics/signal-performance.js";
import type { BaselineComparison } from "../../analytics/trading-baselines.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import { AppError, validationError } from "../../domain/app-error.js";
import { emptyAnswerError } from "../../domain/empty-answer.js";
import type { SignalRecord } from "../../domain/trading-signal.js";
import type { SignalLog } from "../../storage/repos/signal-log.js";
import type { SearchRunner } from "../patterns/search-job.js";

export interface HistoryQuery {
  ticker?: string;
  sinceMs?: number;
  limit: number;
  cursor?: string;
}

export interface HistoryPage {
  signals: SignalRecord[];
  /** Opaque; passes the next page. null on the last page. */
  nextCursor: string | null;
}

export interface PerformanceReport {
  overall: PerformanceFigures;
  perTicker: { ticker: string; figures: PerformanceFigures }[];
  /** The scored trades beside buy-and-hold and random entries (analytics/trading-baselines.ts). */
  baselines: BaselineComparison;
  /** Tickers whose bars could not be loaded: their trades are left out of the random-entry baseline only. */
  unloaded: string[];
}

/** The cursor is the last row's (fired_at_ms, id): stable while new signals are appended on top. */
const encodeCursor = (r: SignalRecord) => Buffer.from(`${r.firedAtMs}:${r.id}`).toString("base64url");

function decodeCursor(cursor: string): { firedAtMs: number; id: string } {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const match = /^(\d+):([\w-]+)$/.exec(text);
  if (match === null) throw validationError("cursor", "must be a next_cursor value from a previous page");
  return { firedAtMs: Number(match[1]), id: match[2] };
}

/** Loads a symbol's daily history: throws UNKNOWN_TICKER for one the price source has never heard of. */
export type DailyHistoryOf = (ticker: string) => Promise<{ series: PriceSeries }>;

/**
 * Reads the signal log: pages of it, newest first, and the track record computed from its scored rows. Nothing
 * logged for the filter serves nothing: an unknown ticker is a 404 UNKNOWN_TICKER like on every route, a known
 * one without signals a 404 NO_DATA, and neither is charged.
 */
export class SignalHistoryService {
  constructor(
    private readonly log: SignalLog,
    private readonly dailyHistoryOf: DailyHistoryOf,
    private readonly runner: SearchRunner,
  ) {}

  async page(query: HistoryQuery): Promise<HistoryPage> {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    // One row more than asked tells whether another page exists.
    const rows = await this.log.list({ ticker: query.ticker, sinceMs: query.sinceMs, after, limit: query.limit + 1 });
    if (rows.length === 0) return this.nothingLogged(query, after === undefined ? "" : " after this cursor");
    const signals = rows.slice(0, query.limit);
    return { signals, nextCursor: rows.length > query.limit ? encodeCursor(signals[signals.length - 1]) : null };
  }

  async performance(query: { ticker?: string; sinceMs?: number }): Promise<PerformanceReport> {
    const records = distinctSignals(await this.log.all(query));
    if (records.length === 0) return this.nothingLogged(query, "");
    const tickers = [...new Set(records.map((r) => r.ticker))].sort();
    // The random-entry baseline redraws each traded ticker's bars: loaded here, drawn on a worker.
    const traded = [...new Set(records.filter((r) => r.status === "scored" && r.direction !== "flat").map((r) => r.ticker))].sort();
    const loaded: PriceSeries[] = [];
    const unloaded: string[] = [];
    for (const ticker of traded) {
      try {
        loaded.push((await this.dailyHistoryOf(ticker)).series);
      } catch {
        unloaded.push(ticker);
      }
    }
    return {
      overall: signalPerformance(records),
      perTicker: tickers.map((ticker) => ({ ticker, figures: signalPerformance(records.filter((r) => r.ticker === ticker)) })),
      baselines: await this.runner.compute("tradingBaselines", loaded, { records }),
      unloaded,
    };
  }

  private async nothingLogged(query: { ticker?: string; sinceMs?: number }, where: string): Promise<never> {
    if (query.ticker !== undefined) await this.assertKnown(query.ticker);
    const since = query.sinceMs === undefined ? "" : ` since ${new Date(query.sinceMs).toISOString().slice(0, 10)}`;
    throw emptyAnswerError(
      `No signal has been fired${query.ticker === undefined ? "" : ` for ${query.ticker}`}${since}${where}`,
      "the log holds the signals /trading/signal, /trading/scan and /api/signals/live fired, from the moment each was fired",
    );
  }

  /** Only "unknown" decides: a known symbol whose bars cannot be fetched right now still has no signals. */
  private async assertKnown(ticker: string): Promise<void> {
    try {
      await this.dailyHistoryOf(ticker);
    } catch (error) {
      if (error instanceof AppError && (error.code === "UNKNOWN_TICKER" || error.code === "VALIDATION_FAILED")) throw error;
    }
  }
}
