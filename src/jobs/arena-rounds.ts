import type { RoundOpener } from "../services/arena/round-opener.js";
import type { RoundSettler } from "../services/arena/round-settler.js";
import { duePassJob } from "./due-pass-job.js";
import type { RecurringJob } from "./job-runner.js";

export const ARENA_OPEN_JOB = "arena-open-rounds";
export const ARENA_SETTLE_JOB = "arena-settle-rounds";

/** Every minute: a coin whose round just locked gets the next hour's round within a minute. */
export function arenaOpenJob(opener: RoundOpener): RecurringJob {
  return {
    name: ARENA_OPEN_JOB,
    everyMs: 60_000,
    run: async ({ nowMs, logger }) => {
      const report = await opener.openDue(nowMs, logger);
      if (report.opened.length > 0) logger.info({ opened: report.opened }, "arena rounds opened");
    },
  };
}

/** Every 15 s: deadline candles are fetched soon after they close (Hyperliquid keeps only ~3.5 days of 1m candles). */
export function arenaSettleJob(settler: RoundSettler): RecurringJob {
  return duePassJob(ARENA_SETTLE_JOB, 15_000, "arena settlement pass", (nowMs, logger, signal) => settler.settleDue(nowMs, logger, signal));
}
