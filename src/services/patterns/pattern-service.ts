import { findAnalogs, type Analog, type AnalogOptions } from "../../analytics/analog-search.js";
import { summarizeAnalogs, type AnalogSummary } from "../../analytics/analog-summary.js";
import { findAnalogsAcross, summarizeAnalogsAcross, type SearchableSeries } from "../../analytics/cross-series-analogs.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import { windowReturn } from "../../core/returns.js";
import { AppError, validationError, type ErrorCode } from "../../domain/app-error.js";
import type { Timeframe } from "../../domain/bar.js";
import type { LoadedSeries, SeriesCache } from "../market-data/series-cache.js";
import { locateQueryWindow, type QueryWindow } from "./query-window.js";

export interface PatternQuery extends AnalogOptions {
  ticker: string;
  timeframe: Timeframe;
  startMs: number;
  /** Exclusive. */
  endMs: number;
  /** Extension: also search these tickers' histories ("all": the node's known universe, see TickerUniverse). */
  universe?: string[] | "all";
}

/** An analog, with the series it lies in when the search spanned a universe. */
export type PatternAnalog = Analog & { series?: PriceSeries };

export interface UniverseReport {
  /** Tickers whose histories were searched, the query's own first. */
  searched: string[];
  /** Listed tickers that could not be searched, with why. */
  skipped: { ticker: string; code: ErrorCode; error: string }[];
}

export interface PatternResult {
  series: PriceSeries;
  window: QueryWindow;
  queryReturn: number;
  analogs: PatternAnalog[];
  cached: boolean;
  /** Present only for a universe search. */
  universe?: UniverseReport;
}

/** Where `universe=all` finds its tickers, and how it learns the tickers this node loads. */
export interface TickerUniverse {
  tickers(): Promise<string[]>;
  record(ticker: string): void;
}

/** Analog search for the pattern routes: one ticker's own window against its own history (or a universe). */
export class PatternService {
  constructor(
    private readonly seriesCache: SeriesCache,
    private readonly universeSource?: TickerUniverse,
  ) {}

  async analogs(query: PatternQuery): Promise<PatternResult> {
    const loaded = await this.seriesCache.load(query.ticker, query.timeframe);
    this.universeSource?.record(loaded.symbol.ticker);
    const window = locateQueryWindow(loaded.series, loaded.prepared, query.startMs, query.endMs);
    const base = { series: loaded.series, window, queryReturn: windowReturn(loaded.series.closes, window.start, window.m) };
    if (query.universe === undefined) {
      const analogs = findAnalogs(loaded.series, loaded.prepared, window.start, window.m, query);
      return { ...base, analogs, cached: loaded.cached };
    }
    const { list, report, cached } = await this.loadUniverse(loaded, query.universe, query.timeframe);
    const analogs = findAnalogsAcross(list, window.start, window.m, query);
    return { ...base, analogs, cached: loaded.cached || cached, universe: report };
  }

  summarize(result: PatternResult): AnalogSummary {
    if (result.universe === undefined) return summarizeAnalogs(result.series, result.analogs, result.window.start);
    return summarizeAnalogsAcross(
      result.analogs.map((a) => ({ ...a, series: a.series ?? result.series })),
      result.series,
      result.window.start,
    );
  }

  /** The query's own series first, then every other listed series once (by source symbol); failures are reported, not thrown. */
  private async loadUniverse(own: LoadedSeries, universe: string[] | "all", timeframe: Timeframe) {
    if (universe === "all" && this.universeSource === undefined) throw validationError("universe", "all is not available on this node");
    const tickers = universe === "all" ? await this.universeSource!.tickers() : universe;
    const outcomes = await Promise.all(tickers.map((ticker) => this.seriesCache.load(ticker, timeframe).catch((error: unknown) => failure(ticker, error))));
    const list: SearchableSeries[] = [{ series: own.series, prepared: own.prepared }];
    const report: UniverseReport = { searched: [own.series.ticker], skipped: [] };
    const sources = new Set([own.symbol.source]);
    let cached = false;
    for (const outcome of outcomes) {
      if ("code" in outcome) {
        report.skipped.push(outcome);
        continue;
      }
      if (sources.has(outcome.symbol.source)) continue;
      sources.add(outcome.symbol.source);
      this.universeSource?.record(outcome.symbol.ticker);
      list.push({ series: outcome.series, prepared: outcome.prepared });
      report.searched.push(outcome.series.ticker);
      cached ||= outcome.cached;
    }
    return { list, report, cached };
  }
}

function failure(ticker: string, error: unknown): { ticker: string; code: ErrorCode; error: string } {
  if (!(error instanceof AppError)) throw error;
  return { ticker, code: error.code, error: error.message };
}
