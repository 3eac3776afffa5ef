import type { OpenAPIHono } from "@hono/zod-openapi";
import type { FacilitatorClient, RoutesConfig } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import pino, { type Logger } from "pino";
import type { Config } from "../config/config.js";
import { systemClock, type Clock } from "../domain/clock.js";
import type { AppEnv } from "../http/app-env.js";
import type { PaymentLane } from "../payments/embedded/payment-lanes.js";
import type { PaymentNetworkThread } from "../payments/embedded/payment-network-thread.js";
import type { SearchWorkerPool } from "../services/patterns/search-worker-pool.js";
import { createApp } from "../http/create-app.js";
import { AnswerEncoderThread } from "../http/answer-encoding/answer-encoder-thread.js";
import { compileParamParsers, rehearseQuotes } from "../http/rehearsal.js";
import { isHeavyRoute, ROUTE_CATALOG } from "../contracts/route-catalog.js";
import { RequestScopeStore } from "../http/middleware/request-context.js";
import type { RouteModule } from "../http/route-module.js";
import { inProcessRouteCaller } from "./in-process-route-caller.js";
import { apiCatalogRoute } from "../http/routes/discovery/api-catalog.js";
import { registerDiscoveryRoutes } from "../http/routes/discovery/register-discovery-routes.js";
import { registerWebPage } from "../http/routes/web/register-web-page.js";
import { devFaucetRoute } from "../http/routes/dev/dev-faucet.js";
import { verifySignatureRoute } from "../http/routes/signing/verify-signature.js";
import type { EmbeddedPaymentNetwork } from "../payments/embedded/embedded-facilitator.js";
import type { JobRunner } from "../jobs/job-runner.js";
import { InProcessJobRunner } from "../jobs/in-process-job-runner.js";
import { requestLogRetentionJob } from "../jobs/request-log-retention.js";
import { paymentReconciliationJob } from "../jobs/payment-reconciliation.js";
import { universeBarsRefreshJob } from "../jobs/universe-bars-refresh.js";
import { claimingFacilitator, type SettlementStep } from "../payments/claiming-facilitator.js";
import { createPaymentGate } from "../payments/payment-gate.js";
import { attachLedgerHooks } from "../payments/payment-ledger-hooks.js";
import { ResponseSigner } from "../payments/response-signer.js";
import { ClientKeyer } from "../services/client-keyer.js";
import { createDatabase, type Database } from "../storage/create-database.js";
import { ClientKeySalts } from "../storage/repos/client-key-salts.js";
import { RequestLog } from "../storage/repos/request-log.js";
import { PaymentClaims } from "../storage/repos/payment-claims.js";
import { SettlementLedger } from "../storage/repos/settlement-ledger.js";
import { buildFacilitator } from "./build-facilitator.js";
import type { Resolve } from "../providers/http/safe-outbound-client.js";
import { buildAds } from "./build-ads.js";
import { buildAlerts } from "./build-alerts.js";
import { buildArena, type ArenaOverrides } from "./build-arena.js";
import { buildCrossAsset, macroSymbolsOf } from "./build-cross-asset.js";
import { buildDemand } from "./build-demand.js";
import type { FigureNoise } from "../services/demand/figure-noise.js";
import type { DemandSources } from "../services/demand/demand-sources.js";
import { buildFeeds, type FeedOverrides } from "./build-feeds.js";
import { buildFulfilment } from "./build-fulfilment.js";
import { buildForecasts } from "./build-forecasts.js";
import { buildMarketData, requireMarketDataDir, type MarketDataOverrides } from "./build-market-data.js";
import type { MarketDataCheck } from "./market-data-check.js";
import { buildPatterns } from "./build-patterns.js";
import { MARKET_UNIVERSE } from "../domain/market-universe.js";
import { UNIVERSE_ALL } from "./build-universe.js";
import { buildPortfolio } from "./build-portfolio.js";
import { buildProbe } from "./build-probe.js";
import { demandSourcesFrom, probeAndOutcomeReliability, probeListingsFrom, roundsSponsoredSlot, routerSponsoredSlot, weeklySponsoredSlot } from "./agent-economy-wiring.js";
import { outcomeReliability } from "../services/discovery/outcome-reliability.js";
import { RouterEvents } from "../storage/repos/router-events.js";
import { ProbeResults } from "../storage/repos/probe-results.js";
import { ARENA_COINS } from "../domain/arena-rules.js";
import { buildTrading } from "./build-trading.js";
import { buildTrackRecord, type TrackRecordParts } from "./build-track-record.js";
import { buildDiscovery, type DiscoveryOverrides } from "./build-discovery.js";
import { databaseTargetOf } from "./startup-steps.js";
import { loadOrCreateKeys } from "./persistent-keys.js";
import { universeMemoryBounds } from "../config/universe-memory.js";
import { DEFAULT_SEARCH_WORKERS } from "../services/patterns/search-worker-pool.js";

export const SERVICE_VERSION = "1.0.0";

export interface BuildOptions {
  clock?: Clock;
  logger?: Logger;
  /** Test seam: an already-open database instead of the one the config names. */
  database?: Database;
  /** Test seam: provider implementations instead of the ones the config selects. */
  marketData?: MarketDataOverrides;
  /** PostgreSQL schema of the job queue with DATABASE_URL (tests give each node group its own). */
  jobsSchema?: string;
  /** Test seam: DNS of the SSRF-safe outbound clients (webhooks, the probe), so tests never resolve real names. */
  outboundResolve?: Resolve;
  /** Test seam: the transport of the live feed adapters (a replay fetch). */
  feeds?: FeedOverrides;
  /** Test seam: what the demand reports read from the mirrors, router and probe (synthetic in tests). */
  demandSources?: DemandSources;
  /** Test seam: the demand figures' noise (NO_NOISE for tests that check the reports' arithmetic exactly). */
  demandNoise?: FigureNoise;
  /**
   * Test seam: an embedded payment network already running, used instead of starting one (the test harness
   * shares one chain among the services of a test process, as booting one costs about a second of CPU). The
   * service leaves it open at close; its payments all take the cheap lane (./payment-lanes.ts), as the chain's
   * thread was started without this service's routes.
   */
  embeddedChain?: PaymentNetworkThread;
  /**
   * Test seam: search workers already running, used instead of starting this service's own (the test harness
   * shares one pool among the services of a test process: each worker costs about a second of CPU to start).
   * The service leaves it open at close. Histories are versioned per object, so services never see each other's.
   */
  searchWorkers?: SearchWorkerPool;
  /** Test seam: called as a settlement passes each step (test/payments/settlement-crash.test.ts kills the process there). */
  atSettlementStep?: (step: SettlementStep) => void;
  /** Test seam: a facilitator wrapper (e.g. one that fails settlement) around the configured one. */
  wrapFacilitator?: (facilitator: FacilitatorClient) => FacilitatorClient;
  /** Test seams of the discovery family (index crawler transport, reliability, sponsored placements). */
  discovery?: DiscoveryOverrides;
  /** Test seam: the arena's Hyperliquid transport and coin set (and, later, the ad network's slot). */
  arena?: ArenaOverrides;
}

export interface Service {
  app: OpenAPIHono<AppEnv>;
  config: Readonly<Config>;
  database: Database;
  signer: ResponseSigner;
  payTo: string;
  embedded: EmbeddedPaymentNetwork | undefined;
  /** How the facilitator is named in logs (no credentials). */
  facilitatorDescription: string;
  /** Resolves when payments can settle: the embedded chain boots on its thread while the node starts listening. */
  paymentsReady: Promise<void>;
  /** True when payments are test money (the embedded chain, or `npm run facilitator`'s). */
  testMoney: boolean;
  logger: Logger;
  /** The forecast log's recorder, scorer and replay (tests and the trading routes use them). */
  trackRecord: TrackRecordParts;
  /** Every recurring task registers here; the server starts it, tests call `runNow`. */
  jobs: JobRunner;
  /** Offline (MARKET_DATA_DIR set): the jobs that only fetch from the network and so are not scheduled. */
  jobsWaitingForNetwork: readonly string[];
  /** Which mode market data is in and whether it works (the warm-up runs it; tests call it directly). */
  checkMarketData(): Promise<MarketDataCheck>;
  /**
   * After listening: starts the search workers and the answer encoder's thread, loads the payment code a first
   * paid call needs (mppx), checks market data (checkMarketData) and preloads the stored histories of the
   * replay list (build-universe.ts), so the first heavy call is not a cold one and competes with none of this. Resolves
   * with the check (or why it failed), the tickers preloaded and where large answers are serialised.
   */
  warmUp(): Promise<{
    marketData: MarketDataCheck | { failed: unknown };
    preloaded: string[];
    quotesRehearsed: number;
    /** Where large answers are serialised from now on: their own thread, or the event loop if it could not start. */
    largeAnswersEncodedOn: "thread" | "event loop";
  }>;
  /** Every paid route as the payment gate declares it to x402, bazaar extensions included (validated by a test). */
  paymentRoutes: RoutesConfig;
  close(): Promise<void>;
}

/** The composition root: the only place that picks implementations. */
export async function buildService(config: Readonly<Config>, options: BuildOptions = {}): Promise<Service> {
  // Before anything starts (the payment chain takes seconds): a missing data folder is the operator's to fix.
  requireMarketDataDir(config);
  const logger = options.logger ?? pino({ level: config.logLevel });
  const clock = options.clock ?? systemClock;
  const keys = loadOrCreateKeys(config.dataDir, { signerPrivateKey: config.signerPrivateKey, mppSecretKey: config.mppSecretKey });
  const scopes = new RequestScopeStore();
  // On the embedded chain's thread, the payments of heavy routes give way to the others' (payment-lanes.ts).
  const heavyOperations = new Set(ROUTE_CATALOG.filter(isHeavyRoute).map((route) => route.operationId));
  const laneOfPayment = (): PaymentLane => (heavyOperations.has(scopes.current()?.operationId ?? "") ? "heavy" : "cheap");
  // First: a node whose facilitator cannot settle refuses to start before it opens anything else.
  const wiring = await buildFacilitator(config, keys, laneOfPayment, options.embeddedChain);
  const { embedded, payTo } = wiring;
  const database =
    options.database ??
    (await createDatabase(databaseTargetOf(config)));
  const signer = new ResponseSigner(keys.signerPrivateKey);
  // One node on SQLite runs its jobs in-process; with PostgreSQL every node shares one pg-boss queue.
  const jobs: JobRunner =
    config.databaseUrl === undefined
      ? new InProcessJobRunner(clock, logger)
      : // Loaded only with PostgreSQL: pg-boss and pg are module loading a SQLite node's start does not need.
        new (await import("../jobs/pg-boss-job-runner.js")).PgBossJobRunner(
          { connectionString: config.databaseUrl, schema: options.jobsSchema ?? "precedent_jobs" },
          clock,
          logger,
        );

  const claims = new PaymentClaims(database.db);
  const ledger = new SettlementLedger(database.db);
  let facilitator: FacilitatorClient = wiring.facilitator;
  if (options.wrapFacilitator !== undefined) facilitator = options.wrapFacilitator(facilitator);
  // Our own nonce ledger in front of whichever facilitator: one use per authorization, on any node, ever.
  // Its times are the wall clock's, whatever the service clock says: authorizations expire in chain time.
  const claiming = claimingFacilitator(facilitator, {
    claims,
    nowMs: () => systemClock.nowMs(),
    currentScope: () => scopes.current(),
    logger,
    thrownMeans: wiring.thrownMeans,
    syncToDisk: () => database.syncToDisk(),
    ledger,
    atStep: options.atSettlementStep,
  });
  jobs.register(paymentReconciliationJob(claims, { authorizationState: wiring.authorizationState, verify: facilitator.verify.bind(facilitator) }, () => systemClock.nowMs()));

  const operations: RouteModule[] = [];
  operations.push(verifySignatureRoute(signer));
  operations.push(apiCatalogRoute(() => operations, payTo));
  const marketData = buildMarketData(config, database, clock, options.marketData, logger);
  operations.push(...marketData.routes);
  // With PostgreSQL, universe searches over more series than one node carries become shard jobs every node takes.
  const shardQueue =
    config.databaseUrl === undefined
      ? undefined
      : new (await import("../jobs/pg-boss-shard-queue.js")).PgBossShardQueue(
          { connectionString: config.databaseUrl, schema: options.jobsSchema ?? "precedent_jobs", timeoutMs: config.universeShardJobs.timeoutMs },
          logger,
        );
  const patterns = buildPatterns(
    marketData,
    clock,
    options.searchWorkers,
    shardQueue && { queue: shardQueue, limits: config.universeShardJobs },
    universeMemoryBounds(config.universeMemoryBytes, DEFAULT_SEARCH_WORKERS),
  );
  operations.push(...patterns.routes);
  // Live: the market list's daily bars (what universe=all searches) are fetched after each close by a job, never inside a paid call.
  if (marketData.universeRefresh !== undefined) jobs.register(universeBarsRefreshJob(marketData.universeRefresh(() => MARKET_UNIVERSE.symbols)));
  // Analytics route families register below, one line each: operations.push(...buildX({ marketData, patterns, clock }).routes);
  operations.push(...buildCrossAsset({ marketData, patterns, clock, config }).routes);
  operations.push(...buildForecasts({ marketData, patterns, clock }).routes);
  operations.push(...buildPortfolio({ marketData, patterns, clock, marketDataDir: config.marketDataDir }).routes);
  const trackRecord = buildTrackRecord({ config, database, patterns, clock, jobs, logger, replayTickers: UNIVERSE_ALL.symbols, macroSymbols: macroSymbolsOf(config) });
  operations.push(...trackRecord.routes);
  operations.push(...buildTrading({ config, overrides: options.feeds, database, patterns, clock, jobs, callRoute: inProcessRouteCaller(() => operations) }).routes);
  const alerts = await buildAlerts({ config, database, marketData, patterns, signer, jobs, clock, alertSecretKey: keys.alertSecretKey, resolve: options.outboundResolve });
  operations.push(...alerts.routes);
  const feeds = buildFeeds({ config, database, clock, logger, marketData, overrides: options.feeds });
  operations.push(...feeds.routes);
  // The agent economy: the ad network's slots and the mirrors feed the router, the probe, the reports and the rounds.
  const ads = buildAds({ config, database, clock, resolve: options.outboundResolve });
  operations.push(...ads.routes);
  const probeResults = new ProbeResults(database.db);
  const nowMs = () => clock.nowMs();
  const discovery = buildDiscovery({
    config,
    database,
    clock,
    jobs,
    operations: () => operations,
    overrides: {
      sponsoredFor: routerSponsoredSlot(ads.server, config.publicBaseUrl),
      reliabilityOf: probeAndOutcomeReliability(outcomeReliability(new RouterEvents(database.db), nowMs), probeResults, nowMs),
      ...options.discovery,
    },
  });
  operations.push(...discovery.routes);
  const probe = buildProbe({ config, database, clock, resolve: options.outboundResolve, listingsFor: probeListingsFrom(discovery.mirror) });
  operations.push(...probe.routes);
  const demandSources = options.demandSources ?? demandSourcesFrom(discovery.mirror, discovery.routerEvents, probeResults);
  operations.push(...buildDemand({ database, clock, sources: demandSources, noise: options.demandNoise, sponsoredFor: weeklySponsoredSlot(ads.server, config.publicBaseUrl) }).routes);
  const fulfilment = buildFulfilment({ config, database, clock, resolve: options.outboundResolve });
  operations.push(...fulfilment.routes);
  const arenaCoins = options.arena?.coins ?? ARENA_COINS;
  const arenaOverrides = { sponsoredFor: roundsSponsoredSlot(ads.server, config.publicBaseUrl, arenaCoins), ...options.arena };
  const arena = buildArena({ database, clock, jobs, offline: config.marketDataDir !== undefined && options.arena?.hyperliquid?.fetch === undefined, overrides: arenaOverrides });
  operations.push(...arena.routes);
  if (wiring.testMoney !== undefined) operations.push(devFaucetRoute(wiring.testMoney));

  const paidOperations = operations.filter((op) => op.route.price.kind !== "free");
  const paymentGate = createPaymentGate({
    facilitator: claiming,
    payTo,
    publicBaseUrl: config.publicBaseUrl,
    operations: paidOperations,
    currentQuoteUsd: () => scopes.current()?.quoteUsd,
    // MPP beside x402: challenges are HMAC-bound to our key and realm, so only credentials we issued pass.
    mpp: { secretKey: keys.mppSecretKey, realm: new URL(config.publicBaseUrl).host },
    configure: (server) => {
      attachLedgerHooks(server, {
        ledger,
        currentScope: () => scopes.current(),
        nowMs: () => clock.nowMs(),
        onError: (error) => logger.error({ err: error }, "settlement ledger write failed"),
      });
      // The handler answered an error (nothing is charged): the authorization may be used again.
      server.onVerifiedPaymentCanceled(async ({ paymentPayload, requirements }) =>
        claiming.release(paymentPayload as PaymentPayload, requirements as PaymentRequirements),
      );
    },
  });

  const requestLog = new RequestLog(database.db);
  const clientKeySalts = new ClientKeySalts(database.db);
  jobs.register(requestLogRetentionJob(requestLog, clientKeySalts, clock));
  for (const job of feeds.jobs) jobs.register(job);

  const answerEncoder = new AnswerEncoderThread();
  const app = createApp({
    logger,
    clock,
    signer,
    scopes,
    requestLog,
    clientKeyer: new ClientKeyer(clientKeySalts),
    paymentGate,
    operations,
    edge: config.edge,
    httpsOnly: config.publicBaseUrl.startsWith("https://"),
    answerEncoder,
    forecastLog: trackRecord.recorder,
    extraRoutes: [
      registerDiscoveryRoutes({ publicBaseUrl: config.publicBaseUrl, version: SERVICE_VERSION, operations, payTo, mppEnabled: paymentGate.mppEnabled }),
      registerWebPage(),
      ...ads.extraRoutes,
    ],
  });

  return {
    app,
    config,
    database,
    signer,
    payTo,
    embedded,
    facilitatorDescription: wiring.description,
    paymentsReady: wiring.ready,
    testMoney: wiring.testMoney !== undefined,
    logger,
    trackRecord,
    jobs,
    jobsWaitingForNetwork: [...feeds.waitingForNetwork, ...discovery.waitingForNetwork, ...arena.waitingForNetwork],
    checkMarketData: () => marketData.check(),
    warmUp: async () => {
      // Side by side: the payment code (every paid call, its 402 included, waits for it; the embedded chain
      // boots on its own thread meanwhile), the search workers, and on the event loop the market-data check
      // (offline it reads each CSV's last row from the file's tail and parses none: a folder of thousands of
      // files must not cost the start) followed by the 17 histories of the replay list (~1.5 MB each), only
      // those already stored. Once
      // these waited for the chain, so a call made as soon as it was ready found them still running (~0.5 s
      // on a 2-core VM); side by side they are done about when it is. As soon as the payment code is in, what
      // can be rehearsed without a caller (http/rehearsal.ts): the heavy routes' quotes, unlogged, every
      // parameter parser and one signature of a throwaway body: ~8-10 ms less event-loop work in the first call.
      // Run beside the rest rather than after it: the search workers' warm-up finishes last (their threads yield
      // to this one), and waiting for it would add 150-300 ms.
      const dataAndHistories = async () => {
        const checked = await marketData.check().catch((error: unknown) => ({ failed: error }));
        return { checked, preloaded: await patterns.preload(UNIVERSE_ALL.symbols) };
      };
      const paymentCodeAndRehearsals = async () => {
        await paymentGate.warmUp();
        const quotes = await rehearseQuotes(app, operations.map((op) => op.route).filter(isHeavyRoute));
        compileParamParsers(operations.map((op) => op.contract.params));
        await signer.sign(new TextEncoder().encode("{}"));
        return quotes;
      };
      const [quotes, { checked, preloaded }, , encoderReady] = await Promise.all([
        paymentCodeAndRehearsals(),
        dataAndHistories(),
        // Warm workers first, then take other nodes' shard jobs too.
        patterns.warmUp().then(() => shardQueue?.start((job) => patterns.takeShardJob(job))),
        answerEncoder.warm(),
      ]);
      return {
        marketData: checked,
        preloaded,
        quotesRehearsed: quotes.filter((status) => status === 402).length,
        largeAnswersEncodedOn: encoderReady ? "thread" : "event loop",
      };
    },
    paymentRoutes: paymentGate.routes,
    close: async () => {
      await jobs.stop();
      await shardQueue?.stop();
      await alerts.close();
      await probe.close();
      await fulfilment.close();
      await ads.close();
      await patterns.close();
      await answerEncoder.close();
      if (options.embeddedChain === undefined) await embedded?.close();
      if (options.database === undefined) await database.close();
    },
  };
}
