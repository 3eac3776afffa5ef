import type { SignalScorer } from "../services/trading/signal-scorer.js";
import type { RecurringJob } from "./job-runner.js";

export const SIGNAL_SCORING_JOB = "signal-scoring";

/** Scores due trading signals hourly: daily bars change at most once a day, an hour's delay costs nothing. */
export function signalScoringJob(scorer: SignalScorer): RecurringJob {
  return {
    name: SIGNAL_SCORING_JOB,
    everyMs: 3_600_000,
    run: async ({ nowMs, logger, signal }) => {
      const report = await scorer.scoreDue(nowMs, logger, signal);
      if (report.due > 0) logger.info(report, "trading signals scored");
    },
  };
}
