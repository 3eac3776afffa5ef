import type { ForecastReplay } from "../services/track-record/forecast-replay.js";
import type { ForecastScorer } from "../services/track-record/forecast-scorer.js";
import type { RecurringJob } from "./job-runner.js";

export const FORECAST_REPLAY_JOB = "forecast-replay";
/** Worker time one run may take; a run that stops early is continued by the next (the replay is incremental). */
export const REPLAY_BUDGET_MS = 5 * 60_000;

/**
 * Fills the replayed record (services/track-record/forecast-replay.ts) at start and every 15 minutes, each run
 * within REPLAY_BUDGET_MS of worker time and continuing where the log stops (every route over the 17 offline histories
 * takes about 18 minutes of one worker, so four runs; afterwards a run only adds the decision bars a grown history brings), and
 * scores what it added at once.
 */
export function forecastReplayJob(replay: ForecastReplay, scorer: ForecastScorer, budgetMs = REPLAY_BUDGET_MS): RecurringJob {
  return {
    name: FORECAST_REPLAY_JOB,
    everyMs: 15 * 60_000,
    run: async ({ nowMs, logger, signal }) => {
      const report = await replay.run({ budgetMs, nowMs: () => Date.now(), logger, signal });
      if (report.rows > 0) logger.info(report, "forecasts replayed");
      if (report.rows > 0) await scorer.scoreDue(nowMs, logger, signal);
    },
  };
}
