import { DAY_MS } from "../domain/bar.js";
import type { RecurringJob } from "./job-runner.js";

export interface CalendarBackfillDeps {
  /** True when a snapshot of that calendar day (YYYY-MM-DD) is already stored. */
  isStored(day: string): Promise<boolean>;
  /** Fetches the day through the snapshot store (which stores it). */
  fetchDay(day: string): Promise<unknown>;
}

/** A year of report dates: every quarter the earnings-history source lists was reported within it. */
export const BACKFILL_DAYS = 400;
/** Days fetched per run: a polite pace for Nasdaq (the provider spaces requests too); a year fills in a few days. */
export const BACKFILL_DAYS_PER_RUN = 25;

/** Weekdays from yesterday back `days` days, newest first (Nasdaq lists no reports on weekends). */
export function backfillCandidates(nowMs: number, days = BACKFILL_DAYS): string[] {
  const out: string[] = [];
  for (let i = 1; i <= days; i++) {
    const date = new Date(nowMs - i * DAY_MS);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) out.push(date.toISOString().slice(0, 10));
  }
  return out;
}

/**
 * Stores the past year of Nasdaq earnings-calendar days, a few per run, skipping days already stored, so
 * /earnings_surprise finds the report date of every quarter it lists. Past days do not change, so a stored
 * day is never fetched again by this job. The first failing day ends the run (an upstream that is down, or a
 * machine without internet, is not asked 25 times in a row); it is tried again on the next run.
 */
export function earningsCalendarBackfillJob(deps: CalendarBackfillDeps, everyMs = 6 * 3_600_000): RecurringJob {
  return {
    name: "earnings-calendar-backfill",
    everyMs,
    run: async ({ nowMs, signal, logger }) => {
      let fetched = 0;
      for (const day of backfillCandidates(nowMs)) {
        if (signal.aborted || fetched >= BACKFILL_DAYS_PER_RUN) break;
        if (await deps.isStored(day)) continue;
        try {
          await deps.fetchDay(day);
          fetched += 1;
        } catch (error) {
          logger.info({ job: "earnings-calendar-backfill", day, fetched, err: error instanceof Error ? error.message : String(error) }, "calendar backfill stopped at a day the upstream did not answer");
          return;
        }
      }
      if (fetched > 0) logger.info({ job: "earnings-calendar-backfill", fetched }, "earnings calendar backfill run");
    },
  };
}
