import type { Clock } from "../domain/clock.js";
import { RETENTION_MS } from "../services/client-keyer.js";
import type { RecurringJob } from "./job-runner.js";

export interface RetentionTargets {
  purgeOlderThan(cutoffMs: number): Promise<number>;
}

export interface SaltTargets {
  forgetBefore(keepFromMs: number): Promise<void>;
}

/**
 * Keeps the request log to its rolling 90 days, and destroys client-key salts of periods that no longer
 * have rows. Idempotent, so several nodes may run it without a lease.
 */
export async function purgeExpiredRequests(log: RetentionTargets, salts: SaltTargets, clock: Clock): Promise<number> {
  const cutoffMs = clock.nowMs() - RETENTION_MS;
  const purged = await log.purgeOlderThan(cutoffMs);
  // A period's salt is needed while any row of that period remains: keep the period containing the cutoff.
  await salts.forgetBefore(Math.floor(cutoffMs / RETENTION_MS) * RETENTION_MS);
  return purged;
}

/** The retention job: hourly on the jobs runner. */
export function requestLogRetentionJob(log: RetentionTargets, salts: SaltTargets, clock: Clock): RecurringJob {
  return {
    name: "request-log-retention",
    everyMs: 3_600_000,
    run: async ({ logger }) => {
      const purged = await purgeExpiredRequests(log, salts, clock);
      if (purged > 0) logger.info({ purged }, "request log rows past retention purged");
    },
  };
}
