import { resolveSymbol } from "../../domain/symbol-resolver.js";
import type { Metric } from "../../analytics/analog-search.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import type { TaskArgs, TaskName, TaskResult } from "./worker-tasks.js";

/**
 * A search of a series' own window against its own history, sent to a worker thread. `S` is how the history
 * travels: the main thread's PriceSeries in the runner's API, a HistoryRef on the wire.
 */
export interface WindowSearchJob<S = PriceSeries> {
  kind: "window";
  series: [S];
  queryStart: number;
  m: number;
  k: number;
  metric: Metric;
  wrap: boolean;
  /** Only windows that end at or before queryStart (a walk-forward search; no wrapped windows then). */
  causal?: boolean;
}

/** A named computation of worker-tasks.ts over whole histories. */
export interface TaskJob<S = PriceSeries> {
  kind: "task";
  task: TaskName;
  series: S[];
  args: unknown;
}

export type AnyJob<S = PriceSeries> = WindowSearchJob<S> | TaskJob<S>;

/**
 * A history on the wire: its key in the workers' cache (search-worker-cache.ts), the version the pool gave
 * that history object, and the history itself only when the receiving worker may not hold that version.
 * Histories are immutable (the series cache replaces, never edits, one), so a version names its bars exactly.
 * Spellings of one history share its version; the ticker travels apart.
 */
export interface HistoryRef {
  key: string;
  version: number;
  /** The spelling this job's caller used (GC=F, xyz:GOLD): the history is labelled with it. */
  ticker: string;
  history?: PriceSeries;
}

export interface SearchJobResult {
  matches: { start: number; distance: number; wrapped: boolean }[];
}

/**
 * Keyed by the history rather than the caller's spelling of it (GOLD, GC=F and xyz:GOLD name one series), so
 * a worker prepares each history once whatever it is called.
 */
export function historyKey(series: { ticker: string; timeframe: string }): string {
  return `${historyName(series.ticker)}|${series.timeframe}`;
}

function historyName(ticker: string): string {
  try {
    return resolveSymbol(ticker).source;
  } catch {
    return ticker; // never for a loaded series (it was resolved to be loaded); the spelling is then the key
  }
}

/** Runs searches and analytics tasks somewhere (a worker pool in production; the same code either way). */
export interface SearchRunner {
  run(job: WindowSearchJob): Promise<SearchJobResult>;
  /**
   * Runs a task of worker-tasks.ts on these histories. An AppError the task throws (a 422 on the caller's
   * parameters) comes back as the same AppError.
   */
  compute<N extends TaskName>(task: N, series: readonly PriceSeries[], args: TaskArgs<N>): Promise<TaskResult<N>>;
  /** How many tasks run side by side (the workers): a universe search is split into this many shards. */
  readonly parallelism: number;
  /** One task per shard, each shard on the same worker every time (so it keeps that shard's histories); results in order. */
  computeShards<N extends TaskName>(task: N, shards: readonly { series: readonly PriceSeries[]; args: TaskArgs<N> }[]): Promise<TaskResult<N>[]>;
  close(): Promise<void>;
}
