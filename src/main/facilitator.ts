/**
 * `npm run facilitator`: the standalone test-money facilitator (see standalone-facilitator.ts). Start it
 * once, then start each service node with FACILITATOR=<the URL it prints> (README, "Two nodes").
 */
import pino from "pino";
import { loadFacilitatorConfig } from "../config/facilitator-config.js";
import { startStandaloneFacilitator } from "./standalone-facilitator.js";
import { exitOnRefusal } from "./startup-steps.js";

async function main(): Promise<void> {
  const config = await exitOnRefusal(() => loadFacilitatorConfig());
  const logger = pino({ level: config.logLevel });
  const facilitator = await startStandaloneFacilitator({ dataDir: config.dataDir, port: config.port, host: config.host, logger });
  logger.info(
    { url: facilitator.url, payTo: facilitator.payTo, dataDir: config.dataDir, replayedTransactions: facilitator.network.replayedTransactions },
    "Precedent facilitator is listening (TEST MONEY: an in-process chain with a test USDC). Point nodes at it with FACILITATOR=<url>",
  );
  const shutdown = () => void facilitator.close().then(() => process.exit(0));
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

void main();
