import type { Config } from "../config/config.js";
import type { Clock } from "../domain/clock.js";
import type { RouteModule } from "../http/route-module.js";
import { censusRoute } from "../http/routes/census/census.js";
import { discoverRoute } from "../http/routes/router/discover.js";
import { discoverGoRoute } from "../http/routes/router/discover-go.js";
import { discoverOutcomeRoute } from "../http/routes/router/discover-outcome.js";
import { indexMirrorJob } from "../jobs/index-mirror-jobs.js";
import type { JobRunner } from "../jobs/job-runner.js";
import { routerEventsRetentionJob } from "../jobs/router-events-retention.js";
import { CdpBazaarCrawler } from "../providers/discovery-indexes/cdp/cdp-bazaar-crawler.js";
import { budgetedPayingFetch } from "../providers/discovery-indexes/x402scan/budgeted-paying-fetch.js";
import { X402scanCrawler } from "../providers/discovery-indexes/x402scan/x402scan-crawler.js";
import type { FetchLike } from "../providers/http/http-client.js";
import { CensusService } from "../services/discovery/census-service.js";
import { LatestListings } from "../services/discovery/latest-listings.js";
import { outcomeReliability, type ReliabilityOf } from "../services/discovery/outcome-reliability.js";
import type { OwnRoute } from "../services/discovery/router-index.js";
import { RouterService, type SponsoredFor } from "../services/discovery/router-service.js";
import type { Database } from "../storage/create-database.js";
import { IndexMirror } from "../storage/repos/index-mirror.js";
import { RouterEvents } from "../storage/repos/router-events.js";

/** Test seams and later wiring (probe results, the ad server) for the discovery family. */
export interface DiscoveryOverrides {
  /** Transport of the CDP Bazaar crawler and the x402scan paying client (a loopback server or a replay). */
  fetch?: FetchLike;
  /** Observed reliability per origin; default: the router's own outcome reports. */
  reliabilityOf?: ReliabilityOf;
  /** The ad server's placement for a need; default: none. */
  sponsoredFor?: SponsoredFor;
  cdpUrl?: string;
  x402scanUrl?: string;
  sleep?: (ms: number) => Promise<void>;
}

export interface DiscoveryDeps {
  config: Readonly<Config>;
  database: Database;
  clock: Clock;
  jobs: JobRunner;
  operations: () => readonly RouteModule[];
  overrides?: DiscoveryOverrides;
}

/** Families that are not things to buy (documents, the faucet, the router itself). */
const NOT_OFFERED = new Set(["discovery", "dev", "router"]);

/**
 * Discovery: mirrors of the public x402 indexes (CDP always; x402scan only with MIRROR_WALLET_PRIVATE_KEY),
 * the census over them, and the free router. `mirror` and `routerEvents` are what the probe and the demand
 * reports read.
 */
export function buildDiscovery(deps: DiscoveryDeps): { routes: RouteModule[]; mirror: IndexMirror; routerEvents: RouterEvents; waitingForNetwork: string[] } {
  const { config, database, clock, jobs, overrides = {} } = deps;
  const mirror = new IndexMirror(database.db);
  const routerEvents = new RouterEvents(database.db);
  // Offline (MARKET_DATA_DIR set, as for the feeds) there is nothing to crawl: mirrors come from `npm run mirrors:import`.
  const live = config.marketDataDir === undefined || overrides.fetch !== undefined;
  const crawls = [indexMirrorJob("cdp", new CdpBazaarCrawler({ fetch: overrides.fetch, clock, sleep: overrides.sleep, url: overrides.cdpUrl }), mirror)];
  const x402scan = config.x402scanMirror;
  if (x402scan !== undefined) {
    const payingFetch = () => budgetedPayingFetch(x402scan.walletPrivateKey, x402scan.budgetUsdPerRun, overrides.fetch);
    crawls.push(indexMirrorJob("x402scan", new X402scanCrawler({ payingFetch, clock, url: overrides.x402scanUrl }), mirror));
  }
  if (live) for (const job of crawls) jobs.register(job);
  jobs.register(routerEventsRetentionJob(routerEvents, clock));

  const listings = new LatestListings(mirror);
  const router = new RouterService({
    listings,
    events: routerEvents,
    clock,
    ourBaseUrl: config.publicBaseUrl,
    ownRoutes: () => deps.operations().filter((op) => !NOT_OFFERED.has(op.route.family)).map(ownRoute),
    reliabilityOf: overrides.reliabilityOf ?? outcomeReliability(routerEvents, () => clock.nowMs()),
    sponsoredFor: overrides.sponsoredFor,
  });
  const routes = [
    censusRoute(new CensusService(listings, new URL(config.publicBaseUrl).origin)),
    discoverRoute(router, config.publicBaseUrl, clock),
    discoverGoRoute(router),
    discoverOutcomeRoute(router),
  ];
  return { routes, mirror, routerEvents, waitingForNetwork: live ? [] : crawls.map((job) => job.name) };
}

function ownRoute(op: RouteModule): OwnRoute {
  const price = op.route.price;
  return {
    path: op.route.path,
    methods: op.route.methods,
    priceUsd: price.kind === "fixed" ? price.usd : price.kind === "free" ? 0 : null,
    capability: op.route.family,
    summary: op.route.summary,
    description: op.contract.description,
  };
}
