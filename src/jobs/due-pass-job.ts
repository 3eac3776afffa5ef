import type { Logger } from "pino";
import type { RecurringJob } from "./job-runner.js";

/** One pass of a service over its rows that have come due (scoring, settlement); the report counts them. */
export type DuePass = (nowMs: number, logger: Logger, signal: AbortSignal) => Promise<{ due: number }>;

/**
 * The job of every due pass: run it every `everyMs` and log its report only when something was due, so an
 * idle pass (most of them) writes no line. Scoring and settlement differ only in the pass and its interval.
 */
export function duePassJob(name: string, everyMs: number, message: string, pass: DuePass): RecurringJob {
  return {
    name,
    everyMs,
    run: async ({ nowMs, logger, signal }) => {
      const report = await pass(nowMs, logger, signal);
      if (report.due > 0) logger.info(report, message);
    },
  };
}
