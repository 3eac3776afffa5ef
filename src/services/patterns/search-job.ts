import { resolveSymbol } from "../../domain/symbol-resolver.js";
import type { Metric } from "../../analytics/analog-search.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import type { TaskArgs, TaskName, TaskResult } from "./worker-tasks.js";

/** One search sent to a worker thread: a series' own window against its own history. */
export interface SearchJob {
  kind?: "window";
  /** Names the series for the workers' prepared-series cache (search-worker-cache.ts); no key, no reuse. */
  cacheKey?: string;
  values: Float64Array;
  breakBefore: Uint8Array;
  queryStart: number;
  m: number;
  k: number;
  metric: Metric;
  wrap: boolean;
  /** Only windows that end at or before queryStart (a walk-forward search; no wrapped windows then). */
  causal?: boolean;
}

/**
 * A cross-asset search sent to a worker thread: the window [queryStart, queryStart + m) of the FIRST series
 * against every series of the list with one shared bound (core searchMany), each excluding its own range.
 */
export interface ManySearchJob {
  kind: "many";
  series: { cacheKey?: string; values: Float64Array; breakBefore: Uint8Array }[];
  queryStart: number;
  m: number;
  k: number;
  metric: Metric;
  wrap: boolean;
  /** Per series (same positions), the [start, end) range no match may overlap, or undefined. */
  excludeRanges: ([number, number] | undefined)[];
}

/** A named computation of worker-tasks.ts over whole histories, sent to a worker thread. */
export interface TaskJob {
  kind: "task";
  task: TaskName;
  /** Each history with its key for the workers' cache (historyKey). */
  series: { cacheKey: string; series: PriceSeries }[];
  args: unknown;
}

export type AnySearchJob = SearchJob | ManySearchJob;

export interface SearchJobResult {
  /** seriesIndex: position in a ManySearchJob's list (0 for a single-series job). */
  matches: { start: number; distance: number; wrapped: boolean; seriesIndex: number }[];
}

/** A series as a search job carries it; the key lets the workers reuse their preparation of it. */
export interface SearchSeriesInput {
  cacheKey: string;
  values: Float64Array;
  breakBefore: Uint8Array;
}

/**
 * Keyed by the history rather than the caller's spelling of it (GOLD, GC=F and xyz:GOLD name one series), so
 * a worker prepares each history once whatever it is called, and the start-up priming (SearchWorkerPool.prime)
 * serves every spelling.
 */
export function searchInput(series: { ticker: string; timeframe: string; closes: Float64Array; breakBefore: Uint8Array }): SearchSeriesInput {
  return { cacheKey: historyKey(series), values: series.closes, breakBefore: series.breakBefore };
}

/** A task's history as a job carries it, keyed like a search's so both share the workers' copy. */
export function taskInput(series: PriceSeries): TaskJob["series"][number] {
  return { cacheKey: historyKey(series), series };
}

function historyKey(series: { ticker: string; timeframe: string }): string {
  return `${historyName(series.ticker)}|${series.timeframe}`;
}

function historyName(ticker: string): string {
  try {
    return resolveSymbol(ticker).source;
  } catch {
    return ticker; // never for a loaded series (it was resolved to be loaded); the spelling is then the key
  }
}

/** Runs search jobs and analytics tasks somewhere (a worker pool in production; the same code either way). */
export interface SearchRunner {
  run(job: AnySearchJob): Promise<SearchJobResult>;
  /**
   * Runs a task of worker-tasks.ts on these histories. An AppError the task throws (a 422 on the caller's
   * parameters) comes back as the same AppError.
   */
  compute<N extends TaskName>(task: N, series: readonly PriceSeries[], args: TaskArgs<N>): Promise<TaskResult<N>>;
  close(): Promise<void>;
}
