import os from "node:os";
import type { Worker } from "node:worker_threads";
import type { PriceSeries } from "../../analytics/price-series.js";
import { BoundedLru } from "../../core/bounded-lru.js";
import { workerAnswers } from "../../threads/one-per-turn.js";
import { startWorker } from "../../threads/start-worker.js";
import { historyKey, type AnyJob, type HistoryRef, type SearchJobResult, type WindowSearchJob, type SearchRunner } from "./search-job.js";
import { WORKER_CACHE_BYTES } from "./search-worker-cache.js";
import { fromWorkerError, type WorkerError } from "./worker-error.js";
import type { TaskArgs, TaskName, TaskResult } from "./worker-tasks.js";

interface Pending {
  /** undefined: a warm-up (see warm()). */
  job: AnyJob | undefined;
  /** A shard's worker (computeShards): that slot takes it, so each worker keeps holding the same histories. */
  slot?: number;
  /** A search's SearchJobResult, a task's result. */
  resolve: (result: never) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: { id: number; pending: Pending; deadline: NodeJS.Timeout } | undefined;
  /** Per history key, the version last sent to this worker (what it holds unless it has evicted it since). */
  sent: BoundedLru<string, number>;
}

/**
 * A search is bounded work (milliseconds to a few seconds on the largest series), so a job still running
 * after this long is a bug: its worker is terminated so it cannot hold a pool slot forever.
 */
const JOB_DEADLINE_MS = 120_000;

/**
 * Versions remembered per worker: more than a worker usually holds (its cache is bounded by bytes: a 6,000-bar
 * history is counted ~0.5 MB of it, so ~1,000 at the default bound), so a held history is never resent; a few
 * hundred KB of keys at most. Keys the worker lets go are forgotten as it reports them.
 */
const SENT_ENTRIES = 8_192;

/** One worker per core, two at most (pattern-search.md: more do not make a search faster on these machines). */
export const DEFAULT_SEARCH_WORKERS = Math.min(2, os.availableParallelism());

/**
 * A small pool of worker threads for analog searches (screens, pattern and cross-asset searches, playbooks)
 * and the analytics over whole histories that follow them (worker-tasks.ts). On this project's 2-core
 * machines workers do not make one search faster (pattern-search.md: 1.0-1.5x); they keep the event loop
 * free and let a screen's tickers run side by side. Workers are started lazily, unref'd while idle, and
 * replaced if one dies.
 *
 * Histories cross to a worker once: each history gets a version here, and a job carries the bars of a history
 * only when that worker was not sent that version before (or says it no longer holds it). Copying
 * 17 daily histories into every universe search cost the event loop ~1.4 ms a call.
 */
export class SearchWorkerPool implements SearchRunner {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  /**
   * Per history, by its closes column: the series cache hands each spelling of one history (BTC, BTC-USD) its
   * own object with the same columns, and those must not count as new versions. The times column is kept
   * beside it, so a history built on the same closes with other dates still gets a version of its own.
   */
  private readonly versions = new WeakMap<Float64Array, { timesMs: Float64Array; version: number }>();
  private nextVersion = 1;
  private nextId = 1;
  private closed = false;

  /** `cacheBytes`: each worker's bound on the histories it holds (search-worker-cache.ts); tests lower it. */
  constructor(
    private readonly size = DEFAULT_SEARCH_WORKERS,
    private readonly cacheBytes = WORKER_CACHE_BYTES,
  ) {}

  /** How many workers run side by side: how many shards a universe search is split into. */
  get parallelism(): number {
    return this.size;
  }

  run(job: WindowSearchJob): Promise<SearchJobResult> {
    return this.submit(job);
  }

  compute<N extends TaskName>(task: N, series: readonly PriceSeries[], args: TaskArgs<N>): Promise<TaskResult<N>> {
    return this.submit({ kind: "task", task, series: [...series], args });
  }

  /**
   * Runs one task per shard, shard i on worker i (mod the pool's size) every time, so a worker keeps the
   * histories of its shards and never needs the others'. Resolves with the shards' results in order.
   */
  computeShards<N extends TaskName>(task: N, shards: readonly { series: readonly PriceSeries[]; args: TaskArgs<N> }[]): Promise<TaskResult<N>[]> {
    if (this.closed) return Promise.reject(new Error("search worker pool is closed"));
    return Promise.all(
      shards.map(
        (shard, i) =>
          new Promise<TaskResult<N>>((resolve, reject) => {
            this.queue.push({ job: { kind: "task", task, series: [...shard.series], args: shard.args }, slot: i % this.size, resolve: resolve as (result: never) => void, reject });
            this.dispatch();
          }),
      ),
    );
  }

  /**
   * Starts every worker and has each run a warm-up, so the first real job after start does not pay for
   * thread start-up, module loading and JIT compilation. Resolves when all are warm.
   */
  async warm(): Promise<void> {
    if (this.closed) return;
    const warmUps: Promise<unknown>[] = [];
    for (let i = 0; i < this.size; i++) {
      warmUps.push(new Promise((resolve, reject) => this.queue.push({ job: undefined, resolve: resolve as (result: never) => void, reject })));
    }
    this.dispatch();
    try {
      await Promise.all(warmUps);
    } catch (error) {
      // Closing the pool (a shutdown during start) ends the warm-up; anything else is a real failure.
      if (!this.closed) throw error;
    }
  }

  /**
   * Hands every worker these histories to prepare ahead of the first job that names them (its own copy, the
   * gap and constancy flags), so that job computes only what depends on its window length. No answer is
   * awaited: a worker handles it before its next job. Best effort: a worker started later (after one died)
   * receives a history with its first job, as any worker does for a history it has not seen.
   */
  prime(series: readonly PriceSeries[]): void {
    if (this.closed || series.length === 0) return;
    while (this.spawn() !== undefined);
    for (const slot of this.slots) {
      slot.worker.postMessage({ prime: series.map((one) => this.refFor(slot, one)) });
      if (slot.busy === undefined) slot.worker.unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error("search worker pool is closed"));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
    this.slots.length = 0;
  }

  private submit<R>(job: AnyJob): Promise<R> {
    if (this.closed) return Promise.reject(new Error("search worker pool is closed"));
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ job, resolve: resolve as (result: never) => void, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (let i = 0; i < this.queue.length; ) {
      const pending = this.queue[i];
      const slot = pending.slot === undefined ? (this.slots.find((s) => s.busy === undefined) ?? this.spawn()) : this.pinnedSlot(pending.slot);
      if (slot === undefined && pending.slot === undefined) return;
      if (slot === undefined) {
        i++; // its worker is busy: later jobs may still find theirs free
        continue;
      }
      this.queue.splice(i, 1);
      const id = this.nextId++;
      const deadline = setTimeout(() => void slot.worker.terminate(), JOB_DEADLINE_MS);
      slot.busy = { id, pending, deadline };
      slot.worker.ref();
      this.post(slot, id, pending.job);
    }
  }

  /** The n-th worker (started if need be) when it is free. */
  private pinnedSlot(n: number): Slot | undefined {
    while (this.slots.length <= n && this.spawn() !== undefined);
    const slot = this.slots[n % this.slots.length];
    return slot.busy === undefined ? slot : undefined;
  }

  private post(slot: Slot, id: number, job: AnyJob | undefined): void {
    const wire: AnyJob<HistoryRef> | undefined = job === undefined ? undefined : ({ ...job, series: job.series.map((one) => this.refFor(slot, one)) } as AnyJob<HistoryRef>);
    slot.worker.postMessage({ id, job: wire });
  }

  /** The history by reference when this worker was sent this version, with its bars otherwise. */
  private refFor(slot: Slot, history: PriceSeries): HistoryRef {
    let known = this.versions.get(history.closes);
    if (known === undefined || known.timesMs !== history.timesMs) {
      known = { timesMs: history.timesMs, version: this.nextVersion++ };
      this.versions.set(history.closes, known);
    }
    const { version } = known;
    const key = historyKey(history);
    const held = slot.sent.peek(key) === version;
    slot.sent.set(key, version);
    return held ? { key, version, ticker: history.ticker } : { key, version, ticker: history.ticker, history };
  }

  private spawn(): Slot | undefined {
    if (this.slots.length >= this.size) return undefined;
    const worker = startWorker(import.meta.url, "search-worker", { cacheBytes: this.cacheBytes });
    const slot: Slot = { worker, busy: undefined, sent: new BoundedLru(SENT_ENTRIES) };
    worker.on("message", (message: { id: number; result?: unknown; error?: WorkerError; missing?: true; dropped?: string[] }) => {
      // Histories the worker let go (search-worker-cache.ts): the next job naming one carries its bars.
      for (const key of message.dropped ?? []) slot.sent.delete(key);
      const busy = slot.busy;
      if (busy === undefined || busy.id !== message.id) return;
      if (message.missing === true) {
        // The worker no longer holds a history it was sent: forget what it was sent, and send the job again in full.
        slot.sent.clear();
        this.post(slot, busy.id, busy.pending.job);
        return;
      }
      clearTimeout(busy.deadline);
      slot.busy = undefined;
      worker.unref();
      // The worker takes its next job at once; what follows this one waits its turn (../../threads/one-per-turn.ts).
      this.dispatch();
      workerAnswers.push(() => (message.error !== undefined ? busy.pending.reject(fromWorkerError(message.error)) : busy.pending.resolve(message.result as never)));
    });
    worker.on("error", (error) => this.retire(slot, error));
    worker.on("exit", (code) => this.retire(slot, new Error(`search worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }

  /** A dead worker fails its job and leaves the pool; the next dispatch starts a fresh one. */
  private retire(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    if (slot.busy !== undefined) clearTimeout(slot.busy.deadline);
    slot.busy?.pending.reject(error);
    slot.busy = undefined;
    if (!this.closed) this.dispatch();
  }
}
