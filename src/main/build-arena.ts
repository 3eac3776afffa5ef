import type { Clock } from "../domain/clock.js";
import { ARENA_COINS } from "../domain/arena-rules.js";
import { arenaDiagnosticRoute } from "../http/routes/arena/arena-diagnostic.js";
import { arenaPerformanceRoute } from "../http/routes/arena/arena-performance.js";
import { arenaPredictRoute } from "../http/routes/arena/arena-predict.js";
import { arenaRoundsRoute } from "../http/routes/arena/arena-rounds.js";
import { arenaSponsorRoute } from "../http/routes/arena/arena-sponsor.js";
import type { RouteModule } from "../http/route-module.js";
import { arenaOpenJob, arenaSettleJob } from "../jobs/arena-rounds.js";
import type { JobRunner } from "../jobs/job-runner.js";
import type { FeedClientDeps } from "../providers/feeds/feed-http.js";
import { HyperliquidInfoMarket } from "../providers/hyperliquid/hyperliquid-info-market.js";
import { ArenaScoresService } from "../services/arena/arena-scores-service.js";
import { ArenaService, type SponsoredFor } from "../services/arena/arena-service.js";
import { RoundOpener } from "../services/arena/round-opener.js";
import { RoundSettler } from "../services/arena/round-settler.js";
import { SponsorService } from "../services/arena/sponsor-service.js";
import type { Database } from "../storage/create-database.js";
import { ArenaEntries } from "../storage/repos/arena-entries.js";
import { ArenaRounds } from "../storage/repos/arena-rounds.js";
import { ArenaSponsorships } from "../storage/repos/arena-sponsorships.js";

/** Test seams and later wiring: Hyperliquid's transport, the coin set, the ad network's slot in the listing. */
export interface ArenaOverrides {
  hyperliquid?: FeedClientDeps & { maxRetries?: number };
  coins?: readonly string[];
  sponsoredFor?: SponsoredFor;
}

export interface ArenaDeps {
  database: Database;
  clock: Clock;
  jobs: JobRunner;
  /** Offline (MARKET_DATA_DIR set, no Hyperliquid transport given): the round jobs would only fail every tick. */
  offline: boolean;
  overrides?: ArenaOverrides;
}

/**
 * The forecasting arena: rounds opened and settled by jobs from Hyperliquid's public market data. Offline rounds,
 * replayed from the stored daily history, are written by `npm run arena:offline` (./arena-offline.ts), never by these jobs,
 * which are not scheduled offline (the start log lists them once).
 */
export function buildArena(deps: ArenaDeps): { routes: RouteModule[]; waitingForNetwork: string[] } {
  const coins = deps.overrides?.coins ?? ARENA_COINS;
  const market = new HyperliquidInfoMarket({ clock: deps.clock, ...deps.overrides?.hyperliquid });
  const rounds = new ArenaRounds(deps.database.db);
  const entries = new ArenaEntries(deps.database.db);
  const arena = new ArenaService(rounds, entries, new ArenaSponsorships(deps.database.db), deps.clock, deps.overrides?.sponsoredFor);
  const scores = new ArenaScoresService(entries, rounds, arena);
  const roundJobs = [arenaOpenJob(new RoundOpener(market, rounds, coins)), arenaSettleJob(new RoundSettler(market, rounds))];
  if (!deps.offline) for (const job of roundJobs) deps.jobs.register(job);
  return {
    waitingForNetwork: deps.offline ? roundJobs.map((job) => job.name) : [],
    routes: [
      arenaRoundsRoute(arena, coins),
      arenaPredictRoute(arena),
      arenaDiagnosticRoute(scores),
      arenaPerformanceRoute(scores),
      arenaSponsorRoute(new SponsorService(new ArenaSponsorships(deps.database.db), deps.clock)),
    ],
  };
}
