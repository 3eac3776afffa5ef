import type PgBoss from "pg-boss";
import type { Logger } from "pino";
import type { Clock } from "../domain/clock.js";
import { InProcessJobRunner } from "./in-process-job-runner.js";
import { JobRegistry } from "./job-registry.js";
import type { JobRunner, RecurringJob } from "./job-runner.js";
import { openPgBoss, underPgBossSchemaLock } from "./pg-boss-instance.js";

export interface PgBossJobRunnerOptions {
  connectionString: string;
  /** PostgreSQL schema pg-boss keeps its tables in (created on first start). */
  schema: string;
  /** How often each node polls for due runs. */
  pollingIntervalSeconds?: number;
  /** A run not finished after this long is taken for a crashed node's and retried elsewhere. */
  expireInSeconds?: number;
  /** pg-boss connections per node; kept small because every node also has the service's own pool. */
  maxConnections?: number;
}

const TERMINAL_STATES = new Set(["completed", "failed", "cancelled"]);
/**
 * Completed runs stay in the job table this long. pg-boss's throttle (one run per interval) is a unique
 * index on that table, so it holds for intervals up to this; longer intervals are clamped to it.
 */
const KEEP_COMPLETED_SECONDS = 8 * 86_400;
const RETRIES_AFTER_CRASH = 2;

/**
 * The multi-node runner (DATABASE_URL): every recurring job is a pg-boss queue with the `singleton`
 * policy, so at most one run of a job is active across all nodes. Each node ticks every `everyMs` and
 * sends a throttled run (`singletonKey` = job name, `singletonSeconds` = the interval): pg-boss's unique
 * index keeps one run per interval however many nodes tick, and whichever node fetches it first (FOR
 * UPDATE SKIP LOCKED) runs it. A node that dies mid-run leaves the run `active`; once `expireInSeconds`
 * has passed, pg-boss's maintenance fails it and it is retried on a live node, so the tick is not lost.
 * Jobs marked `perNode` (their items are claimed row by row) are not queued: every node runs them on its own
 * timers, as the in-process runner does, so a dead node holds nothing up but its own short row claims.
 */
export class PgBossJobRunner implements JobRunner {
  private readonly jobs = new JobRegistry();
  private readonly local: InProcessJobRunner;
  private readonly abort = new AbortController();
  private readonly boss: PgBoss;
  private ready: Promise<void> | undefined;

  constructor(
    private readonly options: PgBossJobRunnerOptions,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    // Our jobs are interval ticks, not cron entries.
    this.boss = openPgBoss(options, "precedent-jobs", logger, { archiveCompletedAfterSeconds: KEEP_COMPLETED_SECONDS });
    this.local = new InProcessJobRunner(clock, logger);
  }

  register(job: RecurringJob): void {
    if (this.ready !== undefined) throw new Error(`job ${job.name} registered after the runner started`);
    this.jobs.add(job);
    if (job.perNode === true) this.local.register(job);
  }

  async start(): Promise<void> {
    await this.ensureReady();
    await this.local.start();
    const pollingIntervalSeconds = this.options.pollingIntervalSeconds ?? 2;
    for (const job of this.queued()) {
      await this.boss.work(job.name, { pollingIntervalSeconds, batchSize: 1 }, async (batch) => {
        for (const _ of batch) await this.execute(job);
      });
      this.jobs.schedule(job, (j) => this.enqueueTick(j));
    }
  }

  /**
   * Sends one explicit run and processes the queue on this node until that run has finished (here or
   * on another node). Two nodes calling runNow get two runs, one after the other, never at once.
   */
  async runNow(name: string): Promise<void> {
    const job = this.jobs.named(name);
    if (job.perNode === true) return this.local.runNow(name);
    await this.ensureReady();
    // Same singleton key as the scheduled ticks, so an explicit run and a tick are never active together.
    const id = await this.boss.send(name, {}, { singletonKey: name });
    if (id === null) throw new Error(`job ${name}: the queue refused the run`);
    for (;;) {
      await this.processDue(name);
      const state = (await this.boss.getJobById(name, id))?.state;
      if (state === undefined || TERMINAL_STATES.has(state)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * Fetches and runs whatever run of `name` is due on this node (nothing when another node holds the
   * active run). Returns how many runs this node executed. The worker loop of `start()` does the same.
   */
  async processDue(name: string): Promise<number> {
    const job = this.jobs.named(name);
    await this.ensureReady();
    const fetched = await this.boss.fetch(name, { batchSize: 1 });
    for (const run of fetched) {
      await this.execute(job);
      await this.boss.complete(name, run.id);
    }
    return fetched.length;
  }

  /** The scheduled tick: at most one run per job and interval across every node. */
  async enqueueTick(job: RecurringJob): Promise<void> {
    try {
      await this.ensureReady();
      await this.boss.send(job.name, {}, { singletonKey: job.name, singletonSeconds: Math.min(KEEP_COMPLETED_SECONDS, Math.max(1, Math.floor(job.everyMs / 1000))) });
    } catch (error) {
      this.logger.error({ err: error, job: job.name }, "could not schedule job");
    }
  }

  /** Fails runs whose node stopped answering (pg-boss maintenance also does this on its own interval). */
  async expireStalledRuns(): Promise<void> {
    await this.ensureReady();
    await this.boss.expire();
  }

  async stop(options: { graceful?: boolean } = {}): Promise<void> {
    this.jobs.clearTimers();
    this.abort.abort();
    await this.local.stop();
    if (this.ready === undefined) return;
    await this.ready.catch(() => undefined);
    await this.boss.stop({ graceful: options.graceful ?? true, wait: true, timeout: 10_000 });
  }

  /** The jobs that run once per interval across the cluster, through pg-boss. */
  private queued(): RecurringJob[] {
    return this.jobs.all().filter((job) => job.perNode !== true);
  }

  private ensureReady(): Promise<void> {
    // A failed start (database down) is forgotten, so the next tick or runNow tries again.
    this.ready ??= underPgBossSchemaLock(this.options.connectionString, this.options.schema, async () => {
      await this.boss.start();
      for (const job of this.queued()) {
        await this.boss.createQueue(job.name, {
          name: job.name,
          policy: "singleton",
          retryLimit: RETRIES_AFTER_CRASH,
          expireInSeconds: this.options.expireInSeconds ?? 15 * 60,
        });
      }
    }).catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  /**
   * As in-process: a failing run is logged and counts as done, the next tick tries again. pg-boss's own
   * retries are kept for runs whose node died (expired), which is what they exist for here.
   */
  private async execute(job: RecurringJob): Promise<void> {
    const logger = this.logger.child({ job: job.name });
    try {
      await job.run({ nowMs: this.clock.nowMs(), signal: this.abort.signal, logger });
    } catch (error) {
      logger.error({ err: error }, "job failed");
    }
  }
}
