import type { RecurringJob } from "./job-runner.js";

/** What a snapshot job refreshes: one named fetch through the snapshot store. */
export interface SnapshotTarget {
  label: string;
  refresh(): Promise<unknown>;
}

/**
 * A scheduled snapshot fetch (architecture.md, "Jobs"): each target is fetched through the snapshot store, so
 * the answer is stored with its fetch time and aggregates (weekly trends, this month's events) have real
 * observations to draw on. A failing target is logged and does not stop the others; the store already
 * logged the upstream failure itself.
 */
export function snapshotJob(name: string, everyMs: number, targets: () => SnapshotTarget[]): RecurringJob {
  return {
    name,
    everyMs,
    run: async ({ logger, signal }) => {
      let failed = 0;
      for (const target of targets()) {
        if (signal.aborted) return;
        try {
          await target.refresh();
        } catch (error) {
          failed += 1;
          logger.debug({ job: name, target: target.label, err: error instanceof Error ? error.message : String(error) }, "snapshot target not refreshed");
        }
      }
      if (failed > 0) logger.info({ job: name, failed }, "snapshot job finished with targets not refreshed");
    },
  };
}
