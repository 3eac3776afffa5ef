import type { Clock } from "../domain/clock.js";
import { RETENTION_MS } from "../services/client-keyer.js";
import type { RecurringJob } from "./job-runner.js";
import type { RetentionTargets } from "./request-log-retention.js";

/** Router events (needs, clicks, outcomes) follow the request log's rolling 90 days; hourly, idempotent. */
export function routerEventsRetentionJob(events: RetentionTargets, clock: Clock): RecurringJob {
  return {
    name: "router-events-retention",
    everyMs: 3_600_000,
    run: async ({ logger }) => {
      const purged = await events.purgeOlderThan(clock.nowMs() - RETENTION_MS);
      if (purged > 0) logger.info({ purged }, "router events past retention removed");
    },
  };
}
