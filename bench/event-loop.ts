/**
 * Event-loop benchmark (issue 11): does heavy work leave the main thread free? The service runs in this
 * process on loopback (embedded payments, the shared daily dataset, offline) and answers a cheap paid call
 * in a sequential loop, first alone, then while 4 callers on each heavy route call it back to back. The
 * calls come over HTTP from another thread (./load-driver.mjs), with every payment signed by the stock
 * x402 client before the clock starts, so the service's event loop carries only the service's own work.
 *
 *   npm run bench:event-loop [-- --cheap-calls 150 --heavy-payments 100 --per-route --json <file>]
 *
 * --per-route adds one loaded phase per heavy route (4 callers on that route alone), to see which route holds
 * the event loop, for the seven of the mixed phase and for every other route that searches or scans histories.
 *
 * 150 cheap calls keep the loaded phase about 4 s long, so the delay p99 rests on thousands of samples (with 40
 * calls, about a second, it moved by 5 ms from run to run on the same code).
 *
 * Printed per phase: the cheap call's p50 and p90 (ms), the event-loop delay p99 and max
 * (monitorEventLoopDelay, 1 ms resolution), the heavy calls answered, and the CPU per thread. Each heavy
 * caller has --heavy-payments signed payments; if one runs out before the cheap calls end, the table says so
 * (the load thinned out) and a larger value should be given.
 */
import fs from "node:fs";
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { LoadDriver, signedCalls, type SignedCalls } from "./load-driver.js";
import { loopbackService } from "./loopback-service.js";
import { median, quantile90 } from "./sorted-stats.js";
import { startCpuSplit } from "./thread-cpu.js";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const cheapCalls = Number(option("--cheap-calls") ?? 150);
const heavyPayments = Number(option("--heavy-payments") ?? 100);
const jsonFile = option("--json");
const perRoute = args.includes("--per-route");
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
/**
 * The other routes that search or scan whole histories, in --per-route phases only (the mixed phase keeps the
 * seven above, so its figures compare with earlier runs). Each runs its analytics on the search workers too.
 */
const OTHER_HEAVY = [
  "/macro_analog",
  "/pattern_backtest?ticker=SPY&lookback_days=20&forward_days=20&min_return=-0.05",
  "/api/backtest?ticker=SPY&k=10",
  "/position_size?ticker=SPY&start_date=2024-06-03&end_date=2024-07-01&k=10",
  "/trading/signal?ticker=SPY",
  "/trading/scan",
  "/trading/performance?mode=backtest&ticker=SPY",
];
const HEAVY_PER_ROUTE = 4;

interface PhaseResult {
  phase: string;
  cheapP50Ms: number;
  cheapP90Ms: number;
  cheapOk: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  heavyCalls: number;
  heavyFailures: number;
  lanesExhausted: number;
  cpuMs: { main: number | null; payment: number | null; all: number };
}

async function main(): Promise<void> {
  const { service, base, payer, close } = await loopbackService();
  const driver = new LoadDriver();
  const clientTid = await driver.threadId();
  try {
    // Warm every route, the series cache and the workers, so both phases measure steady state.
    await service.warmUp();
    for (const path of [CHEAP, ...HEAVY, ...(perRoute ? OTHER_HEAVY : [])]) await driver.burst(base, await signedCalls(payer, path, 1), 1);

    const phase = async (name: string, heavyRoutes: readonly string[]): Promise<PhaseResult> => {
      const cheap = await signedCalls(payer, CHEAP, cheapCalls);
      const lanes: SignedCalls[] = [];
      for (const path of heavyRoutes) for (let i = 0; i < HEAVY_PER_ROUTE; i++) lanes.push(await signedCalls(payer, path, heavyPayments));
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      const cpu = startCpuSplit(clientTid);
      const result = await driver.cheapUnderLoad(base, cheap, lanes);
      const split = cpu();
      delay.disable();
      const latencies = [...result.cheapLatencies].sort((a, b) => a - b);
      return {
        phase: name,
        cheapP50Ms: median(latencies),
        cheapP90Ms: quantile90(latencies),
        cheapOk: result.cheapOk,
        loopDelayP99Ms: delay.percentile(99) / 1e6,
        loopDelayMaxMs: delay.max / 1e6,
        heavyCalls: result.heavyCalls,
        heavyFailures: result.heavyFailures,
        lanesExhausted: result.lanesExhausted,
        cpuMs: { main: split.mainMs ?? null, payment: split.busiestOtherMs ?? null, all: split.otherMs + (split.mainMs ?? 0) },
      };
    };
    const idle = await phase("idle", []);
    const loaded = await phase(`${HEAVY_PER_ROUTE} x ${HEAVY.length} heavy routes`, HEAVY);
    const rows = [idle, loaded];
    if (perRoute) for (const path of [...HEAVY, ...OTHER_HEAVY]) rows.push(await phase(`${HEAVY_PER_ROUTE} x ${path.split("?")[0]}`, [path]));
    console.log("\nCheap paid call (POST /get_latest_price) alone and under heavy load, service on loopback, client on another thread\n");
    console.log("| phase | cheap p50 ms | cheap p90 ms | cheap 200s | loop delay p99 ms | loop delay max ms | heavy 200s (other) | lanes out of payments | service CPU s: main / busiest other / all |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---|");
    const seconds = (ms: number | null) => (ms === null ? "n/a" : (ms / 1000).toFixed(1));
    for (const r of rows) {
      console.log(
        `| ${r.phase} | ${r.cheapP50Ms.toFixed(1)} | ${r.cheapP90Ms.toFixed(1)} | ${r.cheapOk} | ${r.loopDelayP99Ms.toFixed(1)} | ${r.loopDelayMaxMs.toFixed(1)} | ${r.heavyCalls} (${r.heavyFailures}) | ${r.lanesExhausted} | ${seconds(r.cpuMs.main)} / ${seconds(r.cpuMs.payment)} / ${seconds(r.cpuMs.all)} |`,
      );
    }
    console.log(`\ncheap p50 ratio loaded/idle: ${(loaded.cheapP50Ms / idle.cheapP50Ms).toFixed(2)} (target < 2); loop delay p99 under load: ${loaded.loopDelayP99Ms.toFixed(1)} ms (target < 10)`);
    console.log(`heavy routes: ${HEAVY.map((h) => h.split("?")[0]).join(", ")}; machine load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    if (loaded.lanesExhausted > 0) console.log(`WARNING: ${loaded.lanesExhausted} heavy callers ran out of payments before the cheap calls ended; raise --heavy-payments`);
    if (jsonFile !== undefined) fs.writeFileSync(jsonFile, `${JSON.stringify({ heavyRoutes: HEAVY, heavyPerRoute: HEAVY_PER_ROUTE, rows }, null, 2)}\n`);
  } finally {
    await driver.close();
    await close();
  }
}

await main();
