import type { Clock } from "../domain/clock.js";
import type { RouteModule } from "../http/route-module.js";
import { demandRoutes, type WeeklySponsoredSlot } from "../http/routes/demand/demand-routes.js";
import type { DemandSources } from "../services/demand/demand-sources.js";
import { DemandReports } from "../services/demand/demand-reports.js";
import { SeededLaplaceNoise, type FigureNoise } from "../services/demand/figure-noise.js";
import type { Database } from "../storage/create-database.js";
import { ClientKeySalts } from "../storage/repos/client-key-salts.js";
import { RequestLogRollups } from "../storage/repos/request-log-rollups.js";

/**
 * Until the index mirrors, the router and the probe are connected (their repositories implement DemandSources),
 * the reports say so: no index is mirrored and there are no router events or probe results.
 */
export const UNCONNECTED_DEMAND_SOURCES: DemandSources = {
  mirroredResources: async () => [],
  indexFreshness: async () => [
    { index: "cdp", mirrored: false, mirrored_at: null },
    { index: "x402scan", mirrored: false, mirrored_at: null },
  ],
  routerEvents: async () => [],
  probeResults: async () => [],
};

/**
 * The demand reports: the request log's privacy-suppressed rollups plus the mirrors, router and probe. The noise
 * is seeded from the client-key salts in the database, so every node publishes the same figures.
 */
export function buildDemand(deps: {
  database: Database;
  clock: Clock;
  sources?: DemandSources;
  sponsoredFor?: WeeklySponsoredSlot;
  /** Tests of the reports' arithmetic only (see NO_NOISE). */
  noise?: FigureNoise;
}): { routes: RouteModule[] } {
  const noise = deps.noise ?? new SeededLaplaceNoise(new ClientKeySalts(deps.database.db));
  const reports = new DemandReports(new RequestLogRollups(deps.database.db), deps.sources ?? UNCONNECTED_DEMAND_SOURCES, deps.clock, noise);
  return { routes: demandRoutes(reports, deps.sponsoredFor) };
}
