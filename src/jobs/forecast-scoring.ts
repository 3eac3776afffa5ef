import type { ForecastScorer } from "../services/track-record/forecast-scorer.js";
import type { RecurringJob } from "./job-runner.js";

export const FORECAST_SCORING_JOB = "forecast-scoring";

/** Scores due forecasts of the log hourly: daily bars change at most once a day. */
export function forecastScoringJob(scorer: ForecastScorer): RecurringJob {
  return {
    name: FORECAST_SCORING_JOB,
    everyMs: 3_600_000,
    run: async ({ nowMs, logger, signal }) => {
      const report = await scorer.scoreDue(nowMs, logger, signal);
      if (report.due > 0) logger.info(report, "forecasts scored");
    },
  };
}
