import type { Logger } from "pino";

/**
 * The one contract for recurring and retried work (architecture.md, "Jobs"). A job is an idempotent
 * function run every `everyMs`; the runner guarantees that one registered job never runs twice at once on
 * a node, and the PostgreSQL runner guarantees it across nodes too. Work that must happen exactly once per
 * item (deliver this alert, settle that round) claims its rows inside the job (a conditional UPDATE), so a
 * crash mid-run leaves the unclaimed rows for the next tick instead of losing them.
 */
export interface RecurringJob {
  /** Unique kebab-case name; the lease key across nodes. */
  name: string;
  everyMs: number;
  /**
   * Runs on every node on its own timer instead of once per interval across the cluster: for jobs whose
   * items are claimed row by row with a short lease (alert delivery). A cluster-wide run of such a job would
   * only serialise the nodes, and a node that died mid-run would hold every other node up until the run expired.
   */
  perNode?: boolean;
  run(context: JobContext): Promise<void>;
}

export interface JobContext {
  nowMs: number;
  /** Aborted when the runner stops; long jobs check it between items. */
  signal: AbortSignal;
  logger: Logger;
}

export interface JobRunner {
  register(job: RecurringJob): void;
  /** Starts the schedules; every job also runs once right away (the server calls it after the warm-up). */
  start(): Promise<void>;
  /** Runs one registered job now and resolves when it has finished (tests, CLI commands). */
  runNow(name: string): Promise<void>;
  stop(): Promise<void>;
}
