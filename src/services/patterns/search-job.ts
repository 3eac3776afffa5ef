import type { Metric } from "../../analytics/analog-search.js";

/** One search sent to a worker thread: a series' own window against its own history. */
export interface SearchJob {
  values: Float64Array;
  breakBefore: Uint8Array;
  queryStart: number;
  m: number;
  k: number;
  metric: Metric;
  wrap: boolean;
}

export interface SearchJobResult {
  matches: { start: number; distance: number; wrapped: boolean }[];
}

/** Runs search jobs somewhere (a worker pool in production; the same code either way). */
export interface SearchRunner {
  run(job: SearchJob): Promise<SearchJobResult>;
  close(): Promise<void>;
}
