import { randomUUID } from "node:crypto";
import type PgBoss from "pg-boss";
import type { Logger } from "pino";
import { AppError } from "../domain/app-error.js";
import type { ShardJob, ShardOutput, ShardQueue } from "../services/patterns/shard-jobs.js";
import { openPgBoss, underPgBossSchemaLock, type PgBossConnection } from "./pg-boss-instance.js";

export const SHARD_QUEUE = "universe-shard";

/** `schema`: the recurring jobs' pg-boss schema, one installation serves both. */
export interface PgBossShardQueueOptions extends PgBossConnection {
  /** How long the asking node waits for all its shards before answering 503 (and deleting what is left). */
  timeoutMs: number;
  /** How often an idle node looks for shard jobs, and the asking node for finished ones. */
  pollMs?: number;
  /** Retries of a failed shard (on whichever node fetches it next). */
  retryLimit?: number;
  /** A shard still active after this long is taken for a dead node's and retried (pg-boss maintenance). */
  expireInSeconds?: number;
}

const TERMINAL_FAILURES = new Set(["failed", "cancelled"]);
/** A 503's Retry-After: a shard search takes seconds, so does a busy cluster's backlog. */
const RETRY_AFTER_SECONDS = 10;

/**
 * Shard jobs of universe searches on pg-boss (services/patterns/shard-jobs.ts). Every node sharing the database
 * runs a loop that fetches one shard job at a time (FOR UPDATE SKIP LOCKED, so each job goes to one node),
 * runs it and completes it with its output (the shard's top-k, in pg-boss's job row); a job that throws is
 * failed and pg-boss hands it out again up to `retryLimit` times. The asking node inserts its shards, wakes
 * its own loop (it takes shards too) and polls the jobs by id until every one has completed. pg-boss's own
 * `work()` is not used: its loop waits out the polling interval even after a job, and it completes a batch
 * without the output; this loop fetches the next job as soon as one ends.
 */
export class PgBossShardQueue implements ShardQueue {
  private readonly boss: PgBoss;
  private ready: Promise<void> | undefined;
  private readonly loops: Promise<void>[] = [];
  private stopped = false;
  private wake: (() => void) | undefined;
  /** Shard jobs this node has completed (benchmarks print the spread). */
  taken = 0;

  constructor(
    private readonly options: PgBossShardQueueOptions,
    private readonly logger: Logger,
  ) {
    // The recurring runner's instance supervises the schema (expiry, archiving); one per node is enough.
    this.boss = openPgBoss(options, "precedent-shards", logger, { supervise: false });
  }

  /** Starts taking shard jobs on this node (one at a time: a shard already uses every search worker). */
  async start(take: (job: ShardJob) => Promise<ShardOutput>): Promise<void> {
    await this.ensureReady();
    if (this.stopped || this.loops.length > 0) return;
    this.loops.push(this.takeLoop(take));
  }

  async runAll(jobs: readonly ShardJob[]): Promise<ShardOutput[]> {
    await this.ensureReady();
    const ids = jobs.map(() => randomUUID());
    await this.boss.insert(jobs.map((data, i) => ({ id: ids[i], name: SHARD_QUEUE, data })));
    this.wake?.();
    const deadline = Date.now() + this.options.timeoutMs;
    const outputs = new Map<string, ShardOutput>();
    for (;;) {
      const pending = ids.filter((id) => !outputs.has(id));
      const rows = await Promise.all(pending.map((id) => this.boss.getJobById<ShardJob>(SHARD_QUEUE, id)));
      for (const [i, row] of rows.entries()) {
        if (row?.state === "completed") outputs.set(pending[i], row.output as ShardOutput);
        else if (row === null || TERMINAL_FAILURES.has(row.state)) {
          await this.discard(ids.filter((id) => !outputs.has(id)));
          throw new AppError("UPSTREAM_UNAVAILABLE", `universe shard job ${pending[i]} ${row?.state ?? "vanished"} after its retries`, { retryAfterSeconds: RETRY_AFTER_SECONDS });
        }
      }
      if (outputs.size === ids.length) {
        await this.discard(ids);
        return ids.map((id) => outputs.get(id)!);
      }
      if (Date.now() >= deadline) {
        await this.discard(ids.filter((id) => !outputs.has(id)));
        throw new AppError("BUSY", `universe shard jobs: ${ids.length - outputs.size} of ${ids.length} not done within ${this.options.timeoutMs} ms`, { retryAfterSeconds: RETRY_AFTER_SECONDS });
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(this.pollMs(), Math.max(1, deadline - Date.now()))));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await Promise.all(this.loops);
    if (this.ready === undefined) return;
    await this.ready.catch(() => undefined);
    await this.boss.stop({ graceful: false, wait: true, timeout: 5_000 });
  }

  private async takeLoop(take: (job: ShardJob) => Promise<ShardOutput>): Promise<void> {
    while (!this.stopped) {
      let fetched: PgBoss.Job<ShardJob>[] = [];
      try {
        fetched = await this.boss.fetch<ShardJob>(SHARD_QUEUE, { batchSize: 1 });
      } catch (error) {
        if (!this.stopped) this.logger.error({ err: error }, "could not fetch shard jobs");
      }
      const [job] = fetched;
      if (job === undefined) {
        await this.idle();
        continue;
      }
      try {
        const output = await take(job.data);
        await this.boss.complete(SHARD_QUEUE, job.id, output);
        this.taken += 1;
      } catch (error) {
        // pg-boss retries it (here or on another node); the log keeps the code and reason only.
        const reason = error instanceof Error ? error.message : String(error);
        this.logger.warn({ job: job.id, code: error instanceof AppError ? error.code : "SHARD_FAILED", reason }, "shard job failed");
        await this.boss.fail(SHARD_QUEUE, job.id, { reason }).catch(() => undefined);
      }
    }
  }

  /** Sleeps for the polling interval, or until this node sends shards of its own (or stops). */
  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.pollMs());
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }

  private pollMs(): number {
    return this.options.pollMs ?? 100;
  }

  /**
   * Deletes a search's jobs once it is answered or given up: their outputs are read once, by the asking node
   * only, so the rows go now rather than sit in the job table until archiving. A node still running a deleted
   * job finds nothing to complete; a job nobody took yet is never taken.
   */
  private async discard(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.boss.deleteJob(SHARD_QUEUE, ids).catch(() => undefined);
  }

  private ensureReady(): Promise<void> {
    this.ready ??= underPgBossSchemaLock(this.options.connectionString, this.options.schema, async () => {
      await this.boss.start();
      if ((await this.boss.getQueue(SHARD_QUEUE)) !== null) return;
      await this.boss.createQueue(SHARD_QUEUE, {
        name: SHARD_QUEUE,
        policy: "standard",
        retryLimit: this.options.retryLimit ?? 2,
        retryDelay: 0,
        expireInSeconds: this.options.expireInSeconds ?? 120,
      });
    }).catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }
}
