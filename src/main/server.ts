import { serve } from "@hono/node-server";
import { ConfigError, loadConfig } from "../config/config.js";
import { FacilitatorUnusableError } from "../payments/facilitator-startup-check.js";
import { redactUrl } from "../config/redact-url.js";
import { buildService } from "./build-service.js";
import { exitOnRefusal, networkJobsNotice } from "./startup-steps.js";

/** The bound of a request's line and headers together (documented with the `universe` parameter). */
const MAX_REQUEST_HEAD_BYTES = 64 * 1024;

async function main(): Promise<void> {
  const config = await exitOnRefusal(() => loadConfig());
  // A facilitator that cannot settle, a missing PAY_TO or a world-readable key file: say why and stop.
  const service = await exitOnRefusal(() => buildService(config), [ConfigError, FacilitatorUnusableError]);
  const { logger } = service;
  // Said once here, instead of each of these jobs failing on every tick without internet.
  if (service.jobsWaitingForNetwork.length > 0) logger.info({ jobs: service.jobsWaitingForNetwork }, networkJobsNotice(service.jobsWaitingForNetwork));
  // Request line and headers up to 64 KB (Node's default is 16 KB): a GET naming 1,000 universe symbols of up to
  // 32 characters is about 36 KB of query string, and the payment header comes beside it.
  let stopping = false;
  const server = serve({ fetch: service.app.fetch, port: config.port, hostname: config.host, serverOptions: { maxHeaderSize: MAX_REQUEST_HEAD_BYTES } }, (info) => {
    logger.info(
      {
        url: config.publicBaseUrl,
        port: info.port,
        // URLs from the environment may carry credentials (user:password@host): never print them.
        database: config.databaseUrl === undefined ? `sqlite:${config.dataDir}/precedent.sqlite` : redactUrl(config.databaseUrl),
        marketData: config.marketDataDir ?? "live (Yahoo Finance)",
        signer: service.signer.address,
        payTo: service.payTo,
        facilitator: service.facilitatorDescription,
      },
      "Precedent is listening",
    );
    // The embedded chain boots on its own thread meanwhile; a node that cannot settle must not keep running.
    service.paymentsReady.catch((error: unknown) => {
      logger.fatal({ err: error }, "the embedded payment chain could not start; stopping");
      process.exit(1);
    });
    // After listening, so start-up time is not spent here; the first heavy call then finds warm workers,
    // the payment code loaded, market data checked and the histories it most likely needs in memory. A slow or
    // absent upstream never delays the start, only these lines.
    const warmUp = service.warmUp();
    // The jobs' first runs come after the warm-up: run at once, before listening, they took the main thread and the
    // search workers (the forecast replay) that the start and the warm-up need; each recurs in minutes or hours, so
    // a first run a few seconds later changes nothing.
    void warmUp
      .catch(() => undefined)
      .then(async () => {
        if (stopping) return;
        await service.jobs.start();
        logger.info("recurring jobs started (each runs once now, then on its schedule)");
      });
    warmUp.then(
      ({ marketData, preloaded, quotesRehearsed, largeAnswersEncodedOn }) => {
        if ("failed" in marketData) logger.error({ err: marketData.failed }, "market data check failed");
        else if (marketData.ok) logger.info({ marketData: marketData.mode }, marketData.message);
        else logger.warn({ marketData: marketData.mode }, marketData.message);
        if (largeAnswersEncodedOn !== "thread") logger.warn("the answer encoder's thread could not start: large answers are serialised on the event loop");
        logger.info(
          { preloaded, quotesRehearsed, largeAnswersEncodedOn },
          "warm-up done (search workers, payment code, answer encoder, market data check, stored histories, quotes)",
        );
      },
      (error: unknown) => logger.warn({ err: error }, "warm-up failed; the first heavy call will do what it did not"),
    );
    if (service.testMoney) {
      logger.warn(
        "PAYMENTS ARE LOCAL TEST MONEY: the facilitator (embedded, or npm run facilitator) settles on a local chain (chainId 8453) with a test USDC. " +
          "Fund a wallet with POST /dev/faucet?address=0x...&amount=1. Set FACILITATOR to a real facilitator URL for real payments.",
      );
    }
  });
  const shutdown = () => {
    stopping = true;
    server.close(() => {
      void service.close().then(() => process.exit(0));
    });
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

void main();
