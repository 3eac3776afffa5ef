import type { UniverseBarsRefresh } from "../services/market-data/universe-bars-refresh.js";
import type { RecurringJob } from "./job-runner.js";

export const UNIVERSE_BARS_REFRESH_JOB = "universe-bars-refresh";

/**
 * Every 15 minutes: fetches the daily bars of the live universe list that have not been fetched since the last
 * US close settled. Most runs find everything fresh and make no request; the run after a close does the work,
 * at the refresh's own request rate (about 10 minutes for 600 symbols at one request a second).
 */
export function universeBarsRefreshJob(refresh: UniverseBarsRefresh): RecurringJob {
  return {
    name: UNIVERSE_BARS_REFRESH_JOB,
    everyMs: 15 * 60_000,
    run: async ({ nowMs, logger, signal }) => {
      const report = await refresh.refreshDue(nowMs, logger, signal);
      if (report.refreshed > 0 || report.failed > 0) logger.info(report, "universe bars refreshed");
    },
  };
}
