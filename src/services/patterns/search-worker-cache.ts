/**
 * The worker threads' own copies of the histories jobs name, each with its preparation for searches. A job
 * names a history by key and version (HistoryRef) and carries the bars only when the pool cannot be sure
 * this worker holds that version; so a history crosses the thread once per worker, not once per job, and the
 * rolling statistics, kernel indexes and per-history memos (baselines, log returns) built here are reused from
 * job to job. A copy is used only for the exact version named, so a refreshed history is never answered from
 * a stale one: results stay exactly those of a fresh preparation.
 *
 * A job that names more histories than the bound holds (a universe search over thousands of series) does not
 * churn the cache: what the job has used is pinned while it runs, and a history that would need a pinned one
 * evicted is prepared for this job only and then let go (ByteBoundedLru.admit). Call after call the same
 * histories stay held, and only the surplus is prepared again. The pool is told which keys the worker let go
 * (takeDroppedKeys), so it sends their bars with the next job that names them.
 */
import { ByteBoundedLru } from "../../domain/byte-bounded-lru.js";
import { prepareSeries } from "../../core/prepared-series.js";
import type { HistoryRef } from "./search-job.js";
import type { TaskSeries } from "./worker-tasks.js";

/**
 * The cache is bounded by bytes, not entries, so a universe of hundreds of short histories stays held while a
 * few very long ones still fit. This is the bound of a pool built without one (tests, benchmarks); the service
 * gives each worker its share of UNIVERSE_MEMORY_MB (src/config/universe-memory.ts). A sharded universe search
 * sends each worker only its shard's histories, so the workers hold different series.
 */
export const WORKER_CACHE_BYTES = 384 * 1024 * 1024;

/**
 * What one held history costs, estimated when it is stored: its columns (times, OHLC, gap flags: 41 bytes a bar,
 * shared with the main thread when they arrive in shared memory, and used as they are: histories are never
 * written to), the preparation's flags (~12 bytes a bar) and, per window length searched, a wasm index (the
 * rolling statistics it is built from are kept only when the JS kernels need them). Measured RSS for one window
 * length on 6,000-bar walks: 64 to 70 bytes a bar from m = 22 to m = 252 for a history searched across a
 * universe (the pruning index), 98 to 110 for one searched alone, whose index adds MASS arrays (m >= 22). Most
 * of what a large universe holds is the first kind, so 80 is counted.
 */
export const HELD_BYTES_PER_BAR = 80;

interface Entry extends TaskSeries {
  version: number;
}

/** Keys let go since the pool was last told (evicted, or prepared for one job only). */
const dropped = new Set<string>();
const boundedTo = (bytes: number) => new ByteBoundedLru<string, Entry>(bytes, (key) => dropped.add(key));
let cache = boundedTo(WORKER_CACHE_BYTES);
/** The current job's histories: pinned in the cache, or held here for this job only when they did not fit. */
const thisJob = new Map<string, Entry>();
const pinned = new Set<string>();

/** Sets this thread's bound (the pool passes its own when it starts the worker); empties the cache. */
export function limitHeldBytes(bytes: number): void {
  cache = boundedTo(bytes);
  thisJob.clear();
  pinned.clear();
}

/** What the cache holds now: entries and estimated bytes (for tests and the bench). */
export function heldHistories(): { entries: number; bytes: number } {
  return cache.held;
}

/** Starts a job: what the previous one pinned may go, and what it used once is let go. */
export function beginJob(): void {
  thisJob.clear();
  pinned.clear();
}

/** The keys this worker let go since the last call, for the pool to forget it sent them. */
export function takeDroppedKeys(): string[] {
  const keys = [...dropped];
  dropped.clear();
  return keys;
}

/** Thrown when a job names a version this worker no longer holds (evicted): the pool resends with the bars. */
export class MissingHistory extends Error {
  constructor(readonly key: string) {
    super(`history ${key} is not held by this worker`);
  }
}

export function historyFor(ref: HistoryRef): TaskSeries {
  const entry = heldVersion(ref) ?? prepared(ref);
  // Another spelling of the same history: the same columns (so the same memos), the caller's label.
  return entry.series.ticker === ref.ticker ? entry : { series: { ...entry.series, ticker: ref.ticker }, prepared: entry.prepared };
}

function heldVersion(ref: HistoryRef): Entry | undefined {
  const mine = thisJob.get(ref.key);
  if (mine !== undefined && mine.version === ref.version) return mine;
  const hit = cache.get(ref.key);
  if (hit === undefined || hit.version !== ref.version) return undefined;
  pinned.add(ref.key);
  thisJob.set(ref.key, hit);
  return hit;
}

function prepared(ref: HistoryRef): Entry {
  if (ref.history === undefined) {
    if (cache.delete(ref.key)) dropped.add(ref.key);
    throw new MissingHistory(ref.key);
  }
  const entry: Entry = { version: ref.version, series: ref.history, prepared: prepareSeries(ref.history.closes, ref.history.breakBefore, true) };
  const held = cache.admit(ref.key, entry, ref.history.closes.length * HELD_BYTES_PER_BAR, pinned);
  if (held) {
    pinned.add(ref.key);
    dropped.delete(ref.key);
  } else {
    // Any older version it held is stale now.
    cache.delete(ref.key);
    dropped.add(ref.key);
  }
  thisJob.set(ref.key, entry);
  return entry;
}

/** Drops one entry (the warm-up's generated series, so they never take a real series' place). */
export function forgetHistory(key: string): void {
  cache.delete(key);
  if (thisJob.delete(key)) pinned.delete(key);
}
