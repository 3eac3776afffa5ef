import type { Logger } from "pino";
import type { Clock } from "../domain/clock.js";
import { JobRegistry } from "./job-registry.js";
import type { JobRunner, RecurringJob } from "./job-runner.js";

/**
 * Runs jobs on timers inside this process: the single-node (SQLite) runner. A tick that finds the previous
 * run of the same job still going is skipped, so a slow job never piles up. Failures are logged and the
 * schedule continues.
 */
export class InProcessJobRunner implements JobRunner {
  private readonly jobs = new JobRegistry();
  private readonly running = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();

  constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  register(job: RecurringJob): void {
    this.jobs.add(job);
  }

  async start(): Promise<void> {
    for (const job of this.jobs.all()) this.jobs.schedule(job, (j) => this.tick(j));
  }

  async runNow(name: string): Promise<void> {
    const job = this.jobs.named(name);
    // A run already going started before this call: wait for it, then run (or join a run that started after).
    while (this.running.has(name)) await this.running.get(name);
    await this.tick(job);
  }

  async stop(): Promise<void> {
    this.jobs.clearTimers();
    this.abort.abort();
    await Promise.allSettled(this.running.values());
  }

  private tick(job: RecurringJob): Promise<void> {
    const current = this.running.get(job.name);
    if (current !== undefined) return current;
    const started = this.clock.nowMs();
    const run = job
      .run({ nowMs: started, signal: this.abort.signal, logger: this.logger.child({ job: job.name }) })
      .catch((error) => this.logger.error({ err: error, job: job.name }, "job failed"))
      .finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
    return run;
  }
}
