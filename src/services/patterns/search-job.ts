import type { Metric } from "../../analytics/analog-search.js";

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
  /** Walk-forward: only windows that end at or before queryStart (see core searchSeriesWindow). */
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

export type AnySearchJob = SearchJob | ManySearchJob;

export interface SearchJobResult {
  /** seriesIndex: position in a ManySearchJob's list (0 for a single-series job). */
  matches: { start: number; distance: number; wrapped: boolean; seriesIndex: number }[];
}

/** Runs search jobs somewhere (a worker pool in production; the same code either way). */
export interface SearchRunner {
  run(job: AnySearchJob): Promise<SearchJobResult>;
  close(): Promise<void>;
}
