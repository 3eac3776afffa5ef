/**
 * The worker threads' own copies of the histories jobs name, each with its preparation for searches. A job
 * names a history by key and version (HistoryRef) and carries the bars only when the pool cannot be sure
 * this worker holds that version; so a history crosses the thread once per worker, not once per job, and the
 * rolling statistics, kernel indexes and per-history memos (baselines, log returns) built here are reused from
 * job to job. A copy is used only for the exact version named, so a refreshed history is never answered from
 * a stale one: results stay exactly those of a fresh preparation.
 */
import { BoundedLru } from "../../core/bounded-lru.js";
import { prepareSeries } from "../../core/prepared-series.js";
import type { HistoryRef } from "./search-job.js";
import type { TaskSeries } from "./worker-tasks.js";

/** A universe search holds 17 series; a few more leave room for screens' tickers. Each entry keeps the
 * history (times and OHLC, ~0.4 MB for 11k daily bars) plus the small LRUs of PreparedSeries (a few MB at
 * most for daily histories). */
const MAX_ENTRIES = 24;

interface Entry extends TaskSeries {
  version: number;
}

const entries = new BoundedLru<string, Entry>(MAX_ENTRIES);

/** Thrown when a job names a version this worker no longer holds (evicted): the pool resends with the bars. */
export class MissingHistory extends Error {
  constructor(readonly key: string) {
    super(`history ${key} is not held by this worker`);
  }
}

export function historyFor(ref: HistoryRef): TaskSeries {
  const hit = entries.peek(ref.key);
  let entry: Entry;
  if (hit !== undefined && hit.version === ref.version) entry = hit;
  else if (ref.history !== undefined) entry = { version: ref.version, series: ref.history, prepared: prepareSeries(ref.history.closes, ref.history.breakBefore) };
  else {
    entries.delete(ref.key);
    throw new MissingHistory(ref.key);
  }
  entries.set(ref.key, entry);
  // Another spelling of the same history: the same columns (so the same memos), the caller's label.
  return entry.series.ticker === ref.ticker ? entry : { series: { ...entry.series, ticker: ref.ticker }, prepared: entry.prepared };
}

/** Drops one entry (the warm-up's generated series, so they never take a real series' place). */
export function forgetHistory(key: string): void {
  entries.delete(key);
}
