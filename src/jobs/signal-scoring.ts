import type { SignalScorer } from "../services/trading/signal-scorer.js";
import { duePassJob } from "./due-pass-job.js";
import type { RecurringJob } from "./job-runner.js";

export const SIGNAL_SCORING_JOB = "signal-scoring";

/** Scores due trading signals hourly: daily bars change at most once a day, an hour's delay costs nothing. */
export function signalScoringJob(scorer: SignalScorer): RecurringJob {
  return duePassJob(SIGNAL_SCORING_JOB, 3_600_000, "trading signals scored", (nowMs, logger, signal) => scorer.scoreDue(nowMs, logger, signal));
}
