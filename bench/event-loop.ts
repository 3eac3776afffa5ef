/**
 * Event-loop benchmark (issue 11): does heavy work leave the main thread free? An in-process service
 * (embedded payments, the shared daily dataset, offline) answers a cheap paid call in a sequential loop,
 * first alone, then while 4 heavy paid calls of each heavy route run concurrently and back to back.
 *
 *   npm run bench:event-loop [-- --cheap-calls 40] [--json <file>]
 *
 * Printed per phase: the cheap call's p50 and p90 (ms, the paid request only: its payment header is
 * signed before the clock starts) and the event-loop delay p99 and max (monitorEventLoopDelay, 1 ms
 * resolution). The heavy callers sign their payments on this same thread (the stock x402 client), so the
 * loaded figures include that client work too: an upper bound on what the service alone would show.
 */
import fs from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createTestPayer } from "../test/support/test-payer.js";
import { startTestService } from "../test/support/test-service.js";
import { median, quantile90 } from "./sorted-stats.js";

const args = process.argv.slice(2);
const cheapCalls = args.includes("--cheap-calls") ? Number(args[args.indexOf("--cheap-calls") + 1]) : 40;
const jsonFile = args.includes("--json") ? args[args.indexOf("--json") + 1] : undefined;
const CHEAP = "/get_latest_price?ticker=AAPL";
const UNIVERSE = "ticker=SPY&start_date=2015-01-02&end_date=2016-01-04&k=20&metric=l1&universe=all";
const HEAVY = [
  `/get_patterns?${UNIVERSE}`,
  `/get_patterns_raw?${UNIVERSE}`,
  `/get_patterns_ohlc?${UNIVERSE}`,
  "/playbook?ticker=AAPL&start_date=2024-10-01&end_date=2024-11-01&peers=MSFT,QQQ,BTC,SPY&k=12&horizon_days=30,7,90&metric=l1",
  "/screen?tickers=AAPL,MSFT,SPY,QQQ,NVDA,TSLA,AMZN,GOOGL,GOLD,WTI,EURUSD,BTC-USD&start_date=2024-06-03&end_date=2024-09-03&metric=l1",
  "/forward_distribution?ticker=AAPL&start_date=2024-06-03&end_date=2024-09-03&k=20&metric=l1",
  "/regime_detection?ticker=BTC-USD&lookback_days=60",
];
const HEAVY_PER_ROUTE = 4;

interface PhaseResult {
  phase: string;
  cheapP50Ms: number;
  cheapP90Ms: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  heavyCalls: number;
}

async function main(): Promise<void> {
  const service = await startTestService();
  const payer = await createTestPayer(service, 1_000_000_000n);
  const paid = async (path: string) => {
    const header = await payer.paymentFor(path);
    const started = performance.now();
    const res = await service.app.request(path, { method: "POST", headers: { "PAYMENT-SIGNATURE": header } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return performance.now() - started;
  };
  try {
    // Warm every route, the series cache and the workers, so both phases measure steady state.
    await service.warmUp();
    for (const path of [CHEAP, ...HEAVY]) await paid(path);

    const phase = async (name: string, withLoad: boolean): Promise<PhaseResult> => {
      let running = withLoad;
      let heavyCalls = 0;
      const heavyLoop = async (path: string) => {
        while (running) {
          await paid(path);
          heavyCalls += 1;
        }
      };
      const load = withLoad ? HEAVY.flatMap((path) => Array.from({ length: HEAVY_PER_ROUTE }, () => heavyLoop(path))) : [];
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      const latencies: number[] = [];
      for (let i = 0; i < cheapCalls; i++) latencies.push(await paid(CHEAP));
      delay.disable();
      running = false;
      await Promise.all(load);
      latencies.sort((a, b) => a - b);
      return {
        phase: name,
        cheapP50Ms: median(latencies),
        cheapP90Ms: quantile90(latencies),
        loopDelayP99Ms: delay.percentile(99) / 1e6,
        loopDelayMaxMs: delay.max / 1e6,
        heavyCalls,
      };
    };
    const idle = await phase("idle", false);
    const loaded = await phase(`${HEAVY_PER_ROUTE} x ${HEAVY.length} heavy routes`, true);
    const rows = [idle, loaded];
    console.log("\nCheap paid call (POST /get_latest_price) alone and under heavy load, in-process service\n");
    console.log("| phase | cheap p50 ms | cheap p90 ms | loop delay p99 ms | loop delay max ms | heavy calls done |");
    console.log("|---|---:|---:|---:|---:|---:|");
    for (const r of rows) {
      console.log(`| ${r.phase} | ${r.cheapP50Ms.toFixed(1)} | ${r.cheapP90Ms.toFixed(1)} | ${r.loopDelayP99Ms.toFixed(1)} | ${r.loopDelayMaxMs.toFixed(1)} | ${r.heavyCalls} |`);
    }
    console.log(`\ncheap p50 ratio loaded/idle: ${(loaded.cheapP50Ms / idle.cheapP50Ms).toFixed(2)} (target < 2); loop delay p99 under load: ${loaded.loopDelayP99Ms.toFixed(1)} ms (target < 10)`);
    console.log(`heavy routes: ${HEAVY.map((h) => h.split("?")[0]).join(", ")}`);
    if (jsonFile !== undefined) fs.writeFileSync(jsonFile, `${JSON.stringify({ heavyRoutes: HEAVY, heavyPerRoute: HEAVY_PER_ROUTE, rows }, null, 2)}\n`);
  } finally {
    await service.close();
  }
}

await main();
