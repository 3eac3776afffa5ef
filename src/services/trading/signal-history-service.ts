import { distinctSignals, signalPerformance, type PerformanceFigures } from "../../analytics/signal-performance.js";
import type { BaselineComparison } from "../../analytics/trading-baselines.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import { validationError } from "../../domain/app-error.js";
import type { SignalRecord } from "../../domain/trading-signal.js";
import type { SignalLog } from "../../storage/repos/signal-log.js";
import type { SeriesCache } from "../market-data/series-cache.js";
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

/** Reads the signal log: pages of it, newest first, and the track record computed from its scored rows. */
export class SignalHistoryService {
  constructor(
    private readonly log: SignalLog,
    private readonly seriesCache: SeriesCache,
    private readonly runner: SearchRunner,
  ) {}

  async page(query: HistoryQuery): Promise<HistoryPage> {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    // One row more than asked tells whether another page exists.
    const rows = await this.log.list({ ticker: query.ticker, sinceMs: query.sinceMs, after, limit: query.limit + 1 });
    const signals = rows.slice(0, query.limit);
    return { signals, nextCursor: rows.length > query.limit ? encodeCursor(signals[signals.length - 1]) : null };
  }

  async performance(query: { ticker?: string; sinceMs?: number }): Promise<PerformanceReport> {
    const records = distinctSignals(await this.log.all(query));
    const tickers = [...new Set(records.map((r) => r.ticker))].sort();
    // The random-entry baseline redraws each traded ticker's bars: loaded here, drawn on a worker.
    const traded = [...new Set(records.filter((r) => r.status === "scored" && r.direction !== "flat").map((r) => r.ticker))].sort();
    const loaded: PriceSeries[] = [];
    const unloaded: string[] = [];
    for (const ticker of traded) {
      try {
        loaded.push((await this.seriesCache.load(ticker, "1d")).series);
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
}
