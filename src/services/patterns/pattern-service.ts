import type { Analog, AnalogOptions } from "../../analytics/analog-search.js";
import { acrossExcludeRanges } from "../../analytics/cross-series-analogs.js";
import type { PatternSummary } from "../../analytics/pattern-analogs.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import { windowReturn } from "../../core/returns.js";
import { AppError, validationError, type ErrorCode } from "../../domain/app-error.js";
import type { Timeframe } from "../../domain/bar.js";
import { outcomeKindOf, type OutcomeKind } from "../../domain/outcome-kind.js";
import type { LoadedSeries, SeriesCache } from "../market-data/series-cache.js";
import { locateQueryWindow, type QueryWindow } from "./query-window.js";
import type { SearchRunner } from "./search-job.js";
import { searchUniverse, type ShardExecutor } from "./universe-search.js";

export interface PatternQuery extends AnalogOptions {
  ticker: string;
  timeframe: Timeframe;
  startMs: number;
  /** Exclusive. */
  endMs: number;
  /** Extension: also search these tickers' histories ("all": the fixed, versioned list, see FixedUniverse). */
  universe?: string[] | "all";
  /** Also summarise what followed the analogs, against the baseline (the /get_patterns summary). */
  summarize?: boolean;
}

/** An analog, with the series it lies in when the search spanned a universe. */
export type PatternAnalog = Analog & { series?: PriceSeries };

export interface UniverseReport {
  /** Present for `universe=all`: the fixed list searched and its version. */
  list?: FixedUniverse;
  /** Days after the query whose concurrent windows other series exclude (CONCURRENCY_HORIZON_DAYS). */
  concurrencyHorizonDays: number;
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
  /** What followed the analogs, when the query asked for it (PatternQuery.summarize), else null. */
  summary: PatternSummary | null;
}

/** What `universe=all` searches: the same documented list for every caller and node, with a version. */
export interface FixedUniverse {
  version: string;
  symbols: readonly string[];
}

/** The longest horizon a pattern summary reports: windows of other series this close to the query are concurrent with it. */
export const CONCURRENCY_HORIZON_DAYS = 30;

/**
 * Analog search for the pattern routes: one ticker's own window against its own history (or a universe).
 * The scans and the summary run on the search worker pool (analytics/pattern-analogs.ts, on the exact core
 * searches searchSeriesWindow and searchMany), so a long search never holds the event loop; this thread only
 * locates the window and shapes the result.
 */
export class PatternService {
  constructor(
    private readonly seriesCache: SeriesCache,
    private readonly runner: SearchRunner,
    private readonly universeAll?: FixedUniverse,
    /** Where a universe search's shards run (default: this node's search workers). */
    private readonly shards?: ShardExecutor,
  ) {}

  async analogs(query: PatternQuery): Promise<PatternResult> {
    const loaded = await this.seriesCache.load(query.ticker, query.timeframe);
    const window = locateQueryWindow(loaded.series, loaded.prepared, query.startMs, query.endMs);
    const base = { series: loaded.series, window, queryReturn: windowReturn(loaded.series.closes, window.start, window.m) };
    const search = { queryStart: window.start, m: window.m, k: query.k, metric: query.metric, wrap: query.wrap, summarize: query.summarize === true };
    if (query.universe === undefined) {
      const found = await this.runner.compute("patternAnalogs", [loaded.series], { ...search, outcomeKinds: [outcomeKindOf(loaded.symbol)] });
      const analogs = found.analogs.map(({ seriesIndex: _, ...analog }) => analog);
      return { ...base, analogs, summary: found.summary, cached: loaded.cached };
    }
    const { list, report, cached } = await this.loadUniverse(loaded, query.universe, query.timeframe);
    const excludeRanges = acrossExcludeRanges(list, window.start, window.m, CONCURRENCY_HORIZON_DAYS);
    const found = await searchUniverse(this.runner, list, { ...search, excludeRanges }, this.shards);
    const analogs = found.analogs.map(({ seriesIndex, ...analog }) => ({ ...analog, series: list[seriesIndex].series }));
    return { ...base, analogs, summary: found.summary, cached: loaded.cached || cached, universe: report };
  }

  /** The query's own series first, then every other listed series once (by source symbol); failures are reported, not thrown. */
  private async loadUniverse(own: LoadedSeries, universe: string[] | "all", timeframe: Timeframe) {
    if (universe === "all" && this.universeAll === undefined) throw validationError("universe", "all is not available on this node");
    const tickers = universe === "all" ? this.universeAll!.symbols : universe;
    const outcomes = await Promise.all(tickers.map((ticker) => this.seriesCache.load(ticker, timeframe).catch((error: unknown) => failure(ticker, error))));
    // The searches prepare their own copies on the workers: only the histories travel.
    const list: { series: PriceSeries; kind: OutcomeKind }[] = [{ series: own.series, kind: outcomeKindOf(own.symbol) }];
    const report: UniverseReport = {
      ...(universe === "all" ? { list: this.universeAll } : {}),
      concurrencyHorizonDays: CONCURRENCY_HORIZON_DAYS,
      searched: [own.series.ticker],
      skipped: [],
    };
    const sources = new Set([own.symbol.source]);
    let cached = false;
    for (const outcome of outcomes) {
      if ("code" in outcome) {
        report.skipped.push(outcome);
        continue;
      }
      if (sources.has(outcome.symbol.source)) continue;
      sources.add(outcome.symbol.source);
      list.push({ series: outcome.series, kind: outcomeKindOf(outcome.symbol) });
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
