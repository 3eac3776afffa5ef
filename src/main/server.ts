import { serve } from "@hono/node-server";
import { ConfigError, loadConfig } from "../config/config.js";
import { redactUrl } from "../config/redact-url.js";
import { buildService } from "./build-service.js";

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  let service;
  try {
    service = await buildService(config);
  } catch (error) {
    // Configuration refused while building (a world-readable key file, CDP keys without support): say why and stop.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const { logger } = service;
  await service.jobs.start();
  const server = serve({ fetch: service.app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(
      {
        url: config.publicBaseUrl,
        port: info.port,
        // URLs from the environment may carry credentials (user:password@host): never print them.
        database: config.databaseUrl === undefined ? `sqlite:${config.dataDir}/precedent.sqlite` : redactUrl(config.databaseUrl),
        marketData: config.marketDataDir ?? "live (Yahoo Finance)",
        signer: service.signer.address,
        payTo: service.payTo,
        facilitator: config.facilitator.mode === "embedded" ? "embedded" : redactUrl(config.facilitator.url),
      },
      "Precedent is listening",
    );
    if (service.embedded !== undefined) {
      logger.warn(
        "PAYMENTS ARE LOCAL TEST MONEY: FACILITATOR=embedded settles on an in-process chain (chainId 8453) with a test USDC. " +
          "Fund a wallet with POST /dev/faucet?address=0x...&amount=1. Set FACILITATOR to a real facilitator URL for real payments.",
      );
    }
  });
  const shutdown = () => {
    server.close(() => {
      void service.close().then(() => process.exit(0));
    });
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

void main();
