import type { AlertDelivery } from "../services/alerts/alert-delivery.js";
import type { AlertEvaluator } from "../services/alerts/alert-evaluator.js";
import type { RecurringJob } from "./job-runner.js";

export const ALERT_EVALUATION_JOB = "alert-evaluation";
export const ALERT_DELIVERY_JOB = "alert-delivery";

/** Checks every active alert once a minute: one price request per symbol per tick. */
export function alertEvaluationJob(evaluator: AlertEvaluator): RecurringJob {
  return {
    name: ALERT_EVALUATION_JOB,
    everyMs: 60_000,
    run: async ({ nowMs, logger }) => {
      const report = await evaluator.evaluate(nowMs, logger);
      if (report.triggered > 0 || report.expired > 0) logger.info(report, "alerts evaluated");
    },
  };
}

/**
 * Sends due webhooks every 15 s on every node: rows are claimed one by one (a short lease), so nodes never send
 * the same attempt twice, and no cluster-wide run holds the others up when a node dies mid-delivery.
 */
export function alertDeliveryJob(delivery: AlertDelivery): RecurringJob {
  return {
    name: ALERT_DELIVERY_JOB,
    everyMs: 15_000,
    perNode: true,
    run: async ({ nowMs, logger, signal }) => {
      const report = await delivery.deliverDue(nowMs, logger, signal);
      if (report.attempted > 0) logger.info(report, "alert webhooks sent");
    },
  };
}
