import type { RecurringJob } from "../../src/jobs/job-runner.js";

export interface OverlapProbe {
  job: RecurringJob;
  /** Runs finished so far. */
  runs(): number;
  /** The most runs that were ever in progress at once (1 when the runner never overlapped them). */
  maxActive(): number;
}

/**
 * An hourly job named `name` whose every run takes `runMs` and counts itself: what "a runner never runs one
 * job twice at once" is checked with, on one runner or several.
 */
export function overlapProbe(name: string, runMs: number): OverlapProbe {
  let active = 0;
  let maxActive = 0;
  let runs = 0;
  const job: RecurringJob = {
    name,
    everyMs: 3_600_000,
    run: async () => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await new Promise((r) => setTimeout(r, runMs));
      runs += 1;
      active -= 1;
    },
  };
  return { job, runs: () => runs, maxActive: () => maxActive };
}
