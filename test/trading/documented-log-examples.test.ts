import os from "node:os";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { SIGNALS_HISTORY_EXAMPLE, TRADING_PERFORMANCE_EXAMPLE } from "../../src/contracts/trading/trading-examples.js";
import { InProcessJobRunner } from "../../src/jobs/in-process-job-runner.js";
import { SIGNAL_SCORING_JOB } from "../../src/jobs/signal-scoring.js";
import { buildMarketData } from "../../src/main/build-market-data.js";
import { buildPatterns } from "../../src/main/build-patterns.js";
import { buildTrading } from "../../src/main/build-trading.js";
import { createDatabase } from "../../src/storage/create-database.js";
import { FakeClock } from "../support/fake-clock.js";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";

type Body = Record<string, any>;

/**
 * The documented history and performance examples are real: replaying the firing schedule written in
 * trading-examples.ts (the trading routes as build-service wires them, offline prices, a clock set back; no
 * HTTP, since the embedded chain cannot pay at a past clock) gives them again, apart from the random ids.
 */
describe.skipIf(!SHARED_PRESENT)("the documented signal-log examples", () => {
  const clock = new FakeClock(0);
  const silent = pino({ level: "silent" });
  const config = loadConfig({ DATA_DIR: os.tmpdir(), MARKET_DATA_DIR: DAILY_DATASET_DIR, PUBLIC_BASE_URL: "http://precedent.test", LOG_LEVEL: "silent" });
  let close = async () => {};
  afterAll(() => close());

  it("are what the log answers after the documented firing schedule and a scoring run", async () => {
    const database = await createDatabase({ kind: "sqlite", file: ":memory:" });
    const patterns = buildPatterns(buildMarketData(config, database, clock, undefined, silent), clock);
    close = async () => (await patterns.close(), await database.close());
    const jobs = new InProcessJobRunner(clock, silent);
    const routes = buildTrading({ database, patterns, clock, jobs }).routes;
    const handle = (path: string, params: Record<string, unknown>) => {
      const route = routes.find((r) => r.route.path === path)!;
      return route.handle(route.contract.params.parse(params), { requestId: "test" }) as Promise<Body>;
    };
    const at = (iso: string) => clock.advance(Date.parse(iso) - clock.nowMs());
    for (const day of ["2024-06-03", "2024-07-01", "2024-08-01", "2024-09-03", "2024-10-01"]) {
      at(`${day}T00:00:00.000Z`);
      for (const ticker of ["SPY", "QQQ", "BTC-USD"]) await handle("/trading/signal", { ticker });
    }
    at("2026-11-23T12:00:00.000Z");
    await jobs.runNow(SIGNAL_SCORING_JOB);

    const withoutIds = (body: Body) => ({ ...body, next_cursor: typeof body.next_cursor, signals: body.signals.map(({ id: _id, ...s }: Body) => s) });
    const history = await handle("/trading/signals/history", SIGNALS_HISTORY_EXAMPLE.params);
    expect(withoutIds(history)).toEqual(withoutIds(SIGNALS_HISTORY_EXAMPLE.response));
    expect(await handle("/trading/performance", TRADING_PERFORMANCE_EXAMPLE.params)).toEqual(TRADING_PERFORMANCE_EXAMPLE.response);
  });
});
