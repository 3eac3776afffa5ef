import type { OpenAPIHono } from "@hono/zod-openapi";
import type { FacilitatorClient } from "@x402/core/server";
import { HTTPFacilitatorClient } from "@x402/core/server";
import pino, { type Logger } from "pino";
import { ConfigError, type Config } from "../config/config.js";
import { systemClock, type Clock } from "../domain/clock.js";
import type { AppEnv } from "../http/app-env.js";
import { createApp } from "../http/create-app.js";
import { RequestScopeStore } from "../http/middleware/request-context.js";
import type { RouteModule } from "../http/route-module.js";
import { apiCatalogRoute } from "../http/routes/discovery/api-catalog.js";
import { registerDiscoveryRoutes } from "../http/routes/discovery/register-discovery-routes.js";
import { devFaucetRoute } from "../http/routes/dev/dev-faucet.js";
import { verifySignatureRoute } from "../http/routes/signing/verify-signature.js";
import type { EmbeddedPaymentNetwork } from "../payments/embedded/embedded-facilitator.js";
import type { JobRunner } from "../jobs/job-runner.js";
import { InProcessJobRunner } from "../jobs/in-process-job-runner.js";
import { requestLogRetentionJob } from "../jobs/request-log-retention.js";
import { createPaymentGate } from "../payments/payment-gate.js";
import { attachLedgerHooks } from "../payments/payment-ledger-hooks.js";
import { ResponseSigner } from "../payments/response-signer.js";
import { ClientKeyer } from "../services/client-keyer.js";
import { createDatabase, type Database } from "../storage/create-database.js";
import { ClientKeySalts } from "../storage/repos/client-key-salts.js";
import { RequestLog } from "../storage/repos/request-log.js";
import { SettlementLedger } from "../storage/repos/settlement-ledger.js";
import { buildCrossAsset } from "./build-cross-asset.js";
import { buildFeeds, type FeedOverrides } from "./build-feeds.js";
import { buildForecasts } from "./build-forecasts.js";
import { buildMarketData, type MarketDataOverrides } from "./build-market-data.js";
import { buildPatterns } from "./build-patterns.js";
import { buildKnownUniverse } from "./build-universe.js";
import { buildPortfolio } from "./build-portfolio.js";
import { loadOrCreateKeys } from "./persistent-keys.js";

export const SERVICE_VERSION = "1.0.0";

export interface BuildOptions {
  clock?: Clock;
  logger?: Logger;
  /** Test seam: an already-open database instead of the one the config names. */
  database?: Database;
  /** Test seam: provider implementations instead of the ones the config selects. */
  marketData?: MarketDataOverrides;
  /** Test seam: the transport of the live feed adapters (a replay fetch). */
  feeds?: FeedOverrides;
  /** Test seam: a facilitator wrapper (e.g. one that fails settlement) around the configured one. */
  wrapFacilitator?: (facilitator: FacilitatorClient) => FacilitatorClient;
}

export interface Service {
  app: OpenAPIHono<AppEnv>;
  config: Readonly<Config>;
  database: Database;
  signer: ResponseSigner;
  payTo: string;
  embedded: EmbeddedPaymentNetwork | undefined;
  logger: Logger;
  /** Every recurring task registers here; the server starts it, tests call `runNow`. */
  jobs: JobRunner;
  close(): Promise<void>;
}

/** The composition root: the only place that picks implementations. */
export async function buildService(config: Readonly<Config>, options: BuildOptions = {}): Promise<Service> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  const clock = options.clock ?? systemClock;
  const keys = loadOrCreateKeys(config.dataDir, { signerPrivateKey: config.signerPrivateKey, mppSecretKey: config.mppSecretKey });
  const database =
    options.database ??
    (await createDatabase(
      config.databaseUrl === undefined
        ? { kind: "sqlite", file: `${config.dataDir}/precedent.sqlite` }
        : { kind: "postgres", url: config.databaseUrl },
    ));
  const signer = new ResponseSigner(keys.signerPrivateKey);
  const jobs: JobRunner = new InProcessJobRunner(clock, logger);

  let embedded: EmbeddedPaymentNetwork | undefined;
  let facilitator: FacilitatorClient;
  if (config.facilitator.mode === "embedded") {
    // Loaded lazily: hardhat is an optional dependency that only embedded mode needs.
    const { createEmbeddedPaymentNetwork } = await import("../payments/embedded/embedded-facilitator.js");
    embedded = await createEmbeddedPaymentNetwork({ facilitatorPrivateKey: keys.embeddedFacilitatorKey });
    facilitator = embedded.facilitator;
  } else {
    if (config.facilitator.cdpKeyId !== undefined) {
      // Refuse rather than ignore: a facilitator that needs CDP's signed JWTs would reject every payment.
      throw new ConfigError("Invalid configuration:\n  CDP_API_KEY_ID/CDP_API_KEY_SECRET: CDP request signing is not built yet; use a facilitator URL that needs no auth");
    }
    facilitator = new HTTPFacilitatorClient({ url: config.facilitator.url });
  }
  if (options.wrapFacilitator !== undefined) facilitator = options.wrapFacilitator(facilitator);
  const payTo = config.payTo ?? keys.embeddedPayTo;

  const operations: RouteModule[] = [];
  operations.push(verifySignatureRoute(signer));
  operations.push(apiCatalogRoute(() => operations, payTo));
  const marketData = buildMarketData(config, database, clock, options.marketData);
  operations.push(...marketData.routes);
  const universe = buildKnownUniverse(config);
  const patterns = buildPatterns(marketData, clock, universe);
  operations.push(...patterns.routes);
  // Analytics route families register below, one line each: operations.push(...buildX({ marketData, patterns, clock }).routes);
  operations.push(...buildCrossAsset({ marketData, patterns, clock, config, universe }).routes);
  operations.push(...buildForecasts({ marketData, patterns, clock }).routes);
  operations.push(...buildPortfolio({ marketData, patterns, clock, marketDataDir: config.marketDataDir }).routes);
  const feeds = buildFeeds({ config, database, clock, logger, marketData, overrides: options.feeds });
  operations.push(...feeds.routes);
  if (embedded !== undefined) operations.push(devFaucetRoute(embedded));

  const scopes = new RequestScopeStore();
  const ledger = new SettlementLedger(database.db);
  const paidOperations = operations.filter((op) => op.route.price.kind === "fixed");
  const paymentGate = createPaymentGate({
    facilitator,
    payTo,
    publicBaseUrl: config.publicBaseUrl,
    operations: paidOperations,
    // MPP beside x402: challenges are HMAC-bound to our key and realm, so only credentials we issued pass.
    mpp: { secretKey: keys.mppSecretKey, realm: new URL(config.publicBaseUrl).host },
    configure: (server) =>
      attachLedgerHooks(server, {
        ledger,
        currentScope: () => scopes.current(),
        nowMs: () => clock.nowMs(),
        onError: (error) => logger.error({ err: error }, "settlement ledger write failed"),
      }),
  });

  const requestLog = new RequestLog(database.db);
  const clientKeySalts = new ClientKeySalts(database.db);
  jobs.register(requestLogRetentionJob(requestLog, clientKeySalts, clock));
  for (const job of feeds.jobs) jobs.register(job);

  const app = createApp({
    logger,
    clock,
    signer,
    scopes,
    requestLog,
    clientKeyer: new ClientKeyer(clientKeySalts),
    paymentGate,
    operations,
    extraRoutes: [
      registerDiscoveryRoutes({ publicBaseUrl: config.publicBaseUrl, version: SERVICE_VERSION, operations, payTo, mppEnabled: paymentGate.mppEnabled }),
    ],
  });

  return {
    app,
    config,
    database,
    signer,
    payTo,
    embedded,
    logger,
    jobs,
    close: async () => {
      await jobs.stop();
      await patterns.close();
      await embedded?.close();
      if (options.database === undefined) await database.close();
    },
  };
}
