import { DAY_MS } from "../domain/bar.js";
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
 * Keeps the request log to its rolling 90 days (whole UTC days: rows are 89 to 90 days old at most), and destroys client-key salts of periods that no longer
 * have rows. Idempotent, so several nodes may run it without a lease.
 */
export async function purgeExpiredRequests(log: RetentionTargets, salts: SaltTargets, clock: Clock): Promise<number> {
  // Whole UTC days go at once: every row of the day that started 90 days before today's start is deleted at
  // midnight, so no row is kept 90 days and no day is ever partly deleted. A partly deleted day would let two
  // demand reports of the same window, asked hours apart, differ by a few clients' rows.
  const cutoffMs = Math.floor(clock.nowMs() / DAY_MS) * DAY_MS - RETENTION_MS + DAY_MS;
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
