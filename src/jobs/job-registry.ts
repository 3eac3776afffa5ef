import type { RecurringJob } from "./job-runner.js";

/**
 * What both runners keep alike: the registered jobs by name (a name is registered once, and asking for an
 * unknown one is an error) and the timers of their schedules. Each job ticks once at start and then every
 * `everyMs`, on timers that do not keep the process alive; the runners differ only in what a tick does.
 */
export class JobRegistry {
  private readonly jobs = new Map<string, RecurringJob>();
  private readonly timers: NodeJS.Timeout[] = [];

  add(job: RecurringJob): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    this.jobs.set(job.name, job);
  }

  named(name: string): RecurringJob {
    const job = this.jobs.get(name);
    if (job === undefined) throw new Error(`no job named ${name}`);
    return job;
  }

  all(): RecurringJob[] {
    return [...this.jobs.values()];
  }

  /** Ticks now, then every job.everyMs until clearTimers. */
  schedule(job: RecurringJob, tick: (job: RecurringJob) => Promise<void>): void {
    void tick(job);
    const timer = setInterval(() => void tick(job), job.everyMs);
    timer.unref();
    this.timers.push(timer);
  }

  clearTimers(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
  }
}
