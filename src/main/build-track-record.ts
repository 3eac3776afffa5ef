import type { Logger } from "pino";
import type { MacroSymbols } from "../analytics/macro-periods.js";
import type { Config } from "../config/config.js";
import type { Clock } from "../domain/clock.js";
import type { RouteModule } from "../http/route-module.js";
import { trackRecordRoute } from "../http/routes/track-record/track-record.js";
import { forecastReplayJob } from "../jobs/forecast-replay.js";
import { forecastScoringJob } from "../jobs/forecast-scoring.js";
import type { JobRunner } from "../jobs/job-runner.js";
import { ForecastRecorder } from "../services/track-record/forecast-recorder.js";
import { ForecastReplay } from "../services/track-record/forecast-replay.js";
import { replayedRoutes } from "../services/track-record/replay-routes.js";
import { ForecastScorer } from "../services/track-record/forecast-scorer.js";
import { TrackRecordService } from "../services/track-record/track-record-service.js";
import type { Database } from "../storage/create-database.js";
import { ForecastLog } from "../storage/repos/forecast-log.js";
import type { Patterns } from "./build-patterns.js";

export interface TrackRecordDeps {
  config: Readonly<Config>;
  database: Database;
  patterns: Patterns;
  clock: Clock;
  jobs: JobRunner;
  logger: Logger;
  /** The histories the replay runs over (the `universe=all` list). */
  replayTickers: readonly string[];
  /** The four series /macro_analog reads (build-cross-asset.ts), replayed as that route reads them. */
  macroSymbols: MacroSymbols;
}

export interface TrackRecordParts {
  routes: RouteModule[];
  /** Logs claims (the HTTP app after a served forecast, trading signals and scans included). */
  recorder: ForecastRecorder;
  scorer: ForecastScorer;
  replay: ForecastReplay;
}

/**
 * The forecast log and the public track record: the recorder every paid forecast route's answer goes through
 * once served, the scoring and replay jobs, and the free /api/track-record. Everything reads daily bars through
 * the pattern engine's series cache, the store the forecasts themselves read.
 */
export function buildTrackRecord(deps: TrackRecordDeps): TrackRecordParts {
  const log = new ForecastLog(deps.database.db);
  const history = async (ticker: string) => (await deps.patterns.seriesCache.load(ticker, "1d")).series;
  const recorder = new ForecastRecorder(log, history, deps.clock, deps.logger);
  const scorer = new ForecastScorer(log, history);
  const routes = replayedRoutes(deps.macroSymbols);
  const replay = new ForecastReplay(recorder, (route, series) => log.asOfDates("replay", route, series), history, deps.patterns.runner, deps.replayTickers, routes);
  deps.jobs.register(forecastScoringJob(scorer));
  deps.jobs.register(forecastReplayJob(replay, scorer));
  const priceSource = deps.config.marketDataDir === undefined ? "yahoo" : "offline";
  return { routes: [trackRecordRoute(new TrackRecordService(log, deps.clock, priceSource), routes)], recorder, scorer, replay };
}
