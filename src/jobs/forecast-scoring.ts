import type { ForecastScorer } from "../services/track-record/forecast-scorer.js";
import { duePassJob } from "./due-pass-job.js";
import type { RecurringJob } from "./job-runner.js";

export const FORECAST_SCORING_JOB = "forecast-scoring";

/** Scores due forecasts of the log hourly: daily bars change at most once a day. */
export function forecastScoringJob(scorer: ForecastScorer): RecurringJob {
  return duePassJob(FORECAST_SCORING_JOB, 3_600_000, "forecasts scored", (nowMs, logger, signal) => scorer.scoreDue(nowMs, logger, signal));
}
