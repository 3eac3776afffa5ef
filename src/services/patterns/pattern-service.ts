import type { Analog, AnalogOptions } from "../../analytics/analog-search.js";
import { acrossExcludeRanges } from "../../analytics/cross-series-analogs.js";
import type { PatternSummary } from "../../analytics/pattern-analogs.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import { windowReturn } from "../../core/returns.js";
import { AppError, validationError, type ErrorCode } from "../../domain/app-error.js";
import type { Timeframe } from "../../domain/bar.js";
import { outcomeKindOf, type OutcomeKind } from "../../domain/outcome-kind.js";
import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";
import type { LoadedSeries, SeriesCache } from "../market-data/series-cache.js";
import { locateQueryWindow, type QueryWindow } from "./query-window.js";
import type { SearchRunner } from "./search-job.js";
import type { StoredHistories, UniverseListing, UniverseSeries } from "./stored-universe.js";
import { searchUniverse, type ShardExecutor, type UniverseEntry } from "./universe-search.js";

export interface PatternQuery extends AnalogOptions {
  ticker: string;
  timeframe: Timeframe;
  startMs: number;
  /** Exclusive. */
  endMs: number;
  /** Extension: also search these tickers' stored daily histories ("all": every series the node holds, see StoredHistories). */
  universe?: string[] | "all";
  /** Also summarise what followed the analogs, against the baseline (the /get_patterns summary). */
  summarize?: boolean;
}

/** An analog, with the series it lies in when the search spanned a universe. */
export type PatternAnalog = Analog & { series?: PriceSeries };

export interface UniverseReport {
  /** Present for `universe=all`: what `all` stood for (the folder's files or the market list), its version and size. */
  list?: { version: string; source: UniverseListing["source"]; count: number };
  /** Days after the query whose concurrent windows other series exclude (CONCURRENCY_HORIZON_DAYS). */
  concurrencyHorizonDays: number;
  /** Tickers whose histories were searched, the query's own first. */
  searched: string[];
  /** kinds[i]: what searched[i]'s moves are (price, rate, volatility), the kinds outcomes are never pooled across. */
  kinds: OutcomeKind[];
  /** Listed tickers this node has not stored yet (live): not searched, and not fetched by the search. */
  notStored: string[];
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

/** How many stored histories a universe search reads at once (each a file or a database read). */
const LOAD_BATCH = 32;

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
    private readonly universeSeries: UniverseSeries,
    private readonly histories: StoredHistories,
    private readonly resolve: (ticker: string) => ResolvedSymbol,
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
    const { list, report } = await this.loadUniverse(loaded, query.universe, query.timeframe);
    const excludeRanges = acrossExcludeRanges(list, window.start, window.m, CONCURRENCY_HORIZON_DAYS);
    const found = await searchUniverse(this.runner, list, { ...search, excludeRanges }, this.shards);
    const analogs = found.analogs.map(({ seriesIndex, ...analog }) => ({ ...analog, series: list[seriesIndex].series }));
    return { ...base, analogs, summary: found.summary, cached: loaded.cached, universe: report };
  }

  /**
   * The query's own series first, then every other listed series once (by source symbol), read from what the node
   * has stored (never fetched); what is not stored or cannot be read is reported, not thrown.
   */
  private async loadUniverse(own: LoadedSeries, universe: string[] | "all", timeframe: Timeframe) {
    if (timeframe !== "1d") throw validationError("universe", "searches stored daily histories: use it with timeframe=1d");
    const listing = universe === "all" ? await this.histories.all() : undefined;
    const tickers = listing?.symbols ?? (universe as string[]);
    const list: UniverseEntry[] = [{ series: own.series, kind: outcomeKindOf(own.symbol) }];
    const report: UniverseReport = {
      ...(listing === undefined ? {} : { list: { version: listing.version, source: listing.source, count: listing.symbols.length } }),
      concurrencyHorizonDays: CONCURRENCY_HORIZON_DAYS,
      searched: [own.series.ticker],
      kinds: [list[0].kind],
      notStored: [],
      skipped: [],
    };
    const sources = new Set([own.symbol.source]);
    const pass = new Set<string>();
    for (let from = 0; from < tickers.length; from += LOAD_BATCH) {
      const batch = tickers.slice(from, from + LOAD_BATCH);
      const outcomes = await Promise.all(batch.map((ticker) => this.loadStored(ticker, pass).catch((error: unknown) => failure(ticker, error))));
      batch.forEach((ticker, i) => {
        const outcome = outcomes[i];
        if (outcome === null) report.notStored.push(ticker);
        else if ("code" in outcome) report.skipped.push(outcome);
        else if (!sources.has(outcome.symbol.source)) {
          sources.add(outcome.symbol.source);
          const kind = outcomeKindOf(outcome.symbol);
          list.push({ series: outcome.series, kind });
          report.searched.push(outcome.series.ticker);
          report.kinds.push(kind);
        }
      });
    }
    return { list, report };
  }

  private async loadStored(ticker: string, pass: Set<string>): Promise<{ symbol: ResolvedSymbol; series: PriceSeries } | null> {
    const symbol = this.resolve(ticker);
    const series = await this.universeSeries.load(symbol, pass);
    return series === null ? null : { symbol, series };
  }
}

function failure(ticker: string, error: unknown): { ticker: string; code: ErrorCode; error: string } {
  if (!(error instanceof AppError)) throw error;
  return { ticker, code: error.code, error: error.message };
}
