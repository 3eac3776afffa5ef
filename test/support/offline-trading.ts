import os from "node:os";
import pino from "pino";
import { loadConfig } from "../../src/config/config.js";
import { InProcessJobRunner } from "../../src/jobs/in-process-job-runner.js";
import { buildMarketData } from "../../src/main/build-market-data.js";
import { buildPatterns } from "../../src/main/build-patterns.js";
import { buildTrading } from "../../src/main/build-trading.js";
import { inProcessRouteCaller } from "../../src/main/in-process-route-caller.js";
import type { RouteModule } from "../../src/http/route-module.js";
import { createDatabase } from "../../src/storage/create-database.js";
import type { FakeClock } from "./fake-clock.js";

type Body = Record<string, any>;

/**
 * The trading routes and jobs as build-service wires them (offline prices from `marketDataDir`, in-memory
 * SQLite, the pattern engine), called without HTTP and payment: the embedded chain cannot pay at a clock
 * set years back, and these tests need one.
 */
export async function offlineTrading(marketDataDir: string, clock: FakeClock) {
  const silent = pino({ level: "silent" });
  const config = loadConfig({ DATA_DIR: os.tmpdir(), MARKET_DATA_DIR: marketDataDir, PUBLIC_BASE_URL: "http://precedent.test", LOG_LEVEL: "silent" });
  const database = await createDatabase({ kind: "sqlite", file: ":memory:" });
  const patterns = buildPatterns(buildMarketData(config, database, clock, undefined, silent), clock);
  const jobs = new InProcessJobRunner(clock, silent);
  // /analyze reaches the trading routes themselves (the only ones built here).
  const routes: RouteModule[] = buildTrading({ config, database, patterns, clock, jobs, callRoute: inProcessRouteCaller(() => routes) }).routes;
  const handle = (path: string, params: Record<string, unknown>) => {
    const route = routes.find((r) => r.route.path === path)!;
    return route.handle(route.contract.params.parse(params), { requestId: "test" }) as Promise<Body>;
  };
  return { handle, jobs, close: async () => (await patterns.close(), await database.close()) };
}
