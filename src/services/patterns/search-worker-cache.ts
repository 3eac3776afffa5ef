/**
 * The worker threads' own copies of the histories jobs name, each with its preparation for searches. A job
 * names a history by key and version (HistoryRef) and carries the bars only when the pool cannot be sure
 * this worker holds that version; so a history crosses the thread once per worker, not once per job, and the
 * rolling statistics, kernel indexes and per-history memos (baselines, log returns) built here are reused from
 * job to job. A copy is used only for the exact version named, so a refreshed history is never answered from
 * a stale one: results stay exactly those of a fresh preparation.
 */
import { prepareSeries } from "../../core/prepared-series.js";
import type { HistoryRef } from "./search-job.js";
import type { TaskSeries } from "./worker-tasks.js";

/**
 * The cache is bounded by bytes, not entries, so a universe of hundreds of short histories stays held while a
 * few very long ones still fit: 384 MB per worker (two workers: 768 MB at most; a sharded universe search sends
 * each worker only its shard's histories, so the two hold different series).
 */
export const WORKER_CACHE_BYTES = 384 * 1024 * 1024;

/**
 * What one held history costs, estimated when it is stored: its columns (times, OHLC, gap flags: 41 bytes a bar),
 * the preparation's own copy (9 bytes a bar) and, per window length searched, rolling statistics (~17 bytes a
 * bar) and a wasm index (a copy plus ~40 bytes a window): 120 bytes a bar covers the columns and one window
 * length's preparation, which is what a universe search builds.
 */
export const HELD_BYTES_PER_BAR = 120;

interface Entry extends TaskSeries {
  version: number;
  bytes: number;
}

/** Least recently used first (a Map iterates in insertion order; a use re-inserts). */
const entries = new Map<string, Entry>();
let heldBytes = 0;
let budget = WORKER_CACHE_BYTES;

/** Sets this thread's bound (the pool passes its own when it starts the worker). */
export function limitHeldBytes(bytes: number): void {
  budget = bytes;
}

/** What the cache holds now: entries and estimated bytes (for tests and the bench). */
export function heldHistories(): { entries: number; bytes: number } {
  return { entries: entries.size, bytes: heldBytes };
}

function store(key: string, entry: Entry): void {
  const old = entries.get(key);
  if (old !== undefined) {
    entries.delete(key);
    heldBytes -= old.bytes;
  }
  entries.set(key, entry);
  heldBytes += entry.bytes;
  // The newest entry always stays, even alone over budget: the job that named it needs it.
  for (const [oldest, held] of entries) {
    if (heldBytes <= budget || oldest === key) break;
    entries.delete(oldest);
    heldBytes -= held.bytes;
  }
}

function drop(key: string): void {
  const old = entries.get(key);
  if (old === undefined) return;
  entries.delete(key);
  heldBytes -= old.bytes;
}

/** Thrown when a job names a version this worker no longer holds (evicted): the pool resends with the bars. */
export class MissingHistory extends Error {
  constructor(readonly key: string) {
    super(`history ${key} is not held by this worker`);
  }
}

export function historyFor(ref: HistoryRef): TaskSeries {
  const hit = entries.get(ref.key);
  let entry: Entry;
  if (hit !== undefined && hit.version === ref.version) entry = hit;
  else if (ref.history !== undefined) {
    const bytes = ref.history.closes.length * HELD_BYTES_PER_BAR;
    entry = { version: ref.version, bytes, series: ref.history, prepared: prepareSeries(ref.history.closes, ref.history.breakBefore) };
  } else {
    drop(ref.key);
    throw new MissingHistory(ref.key);
  }
  store(ref.key, entry);
  // Another spelling of the same history: the same columns (so the same memos), the caller's label.
  return entry.series.ticker === ref.ticker ? entry : { series: { ...entry.series, ticker: ref.ticker }, prepared: entry.prepared };
}

/** Drops one entry (the warm-up's generated series, so they never take a real series' place). */
export function forgetHistory(key: string): void {
  drop(key);
}
