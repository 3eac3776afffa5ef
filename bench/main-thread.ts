/**
 * Main-thread benchmark (issue 11): how much of each route's work runs on the event loop? The service runs in
 * this process on loopback (embedded payments, the shared daily dataset, offline); each route is called
 * paid, one call at a time, from another thread (./load-driver.mjs), after every route has been called twice.
 *
 *   npm run bench:main-thread [-- --calls 12 --only <part of a path> --json <file> --profile <file>]
 *
 * --profile writes a CPU profile of the main thread over the timed calls only (open it in Chrome DevTools).
 *
 * Printed per route: the event loop's busy time per call (performance.eventLoopUtilization, so every
 * microsecond the main thread ran JavaScript, parsed, paid or signed for that call), the same less the cheap
 * price call's (what the route itself adds there; the cheap call is timed first and again last, and the lower
 * figure is the reference), and the longest
 * event-loop delay seen (monitorEventLoopDelay, 1 ms resolution): the longest stretch any other caller would
 * have waited, a garbage collection's pause included.
 */
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { LoadDriver } from "./load-driver.js";
import { loopbackService } from "./loopback-service.js";
import { median } from "./sorted-stats.js";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const calls = Number(option("--calls") ?? 12);
const jsonFile = option("--json");
const only = option("--only");
const profileFile = option("--profile");

const CHEAP = "/get_latest_price?ticker=AAPL";
/** Every route that scans series, with parameters that make it work hard on the daily dataset. */
const HEAVY = [
  "/get_patterns?ticker=SPY&start_date=2015-01-02&end_date=2016-01-04&k=20&metric=l1",
  "/get_patterns?ticker=SPY&start_date=2015-01-02&end_date=2016-01-04&k=20&metric=l1&universe=all",
  "/get_patterns_ohlc?ticker=SPY&start_date=2015-01-02&end_date=2016-01-04&k=20&metric=l1&universe=all",
  "/screen?tickers=AAPL,MSFT,SPY,QQQ,NVDA,TSLA,AMZN,GOOGL,GOLD,WTI,EURUSD,BTC-USD&start_date=2024-06-03&end_date=2024-09-03&metric=l1",
  "/playbook?ticker=AAPL&start_date=2024-10-01&end_date=2024-11-01&peers=MSFT,QQQ,BTC,SPY&k=12&horizon_days=30,7,90&metric=l1",
  "/forward_distribution?ticker=AAPL&start_date=2024-06-03&end_date=2024-09-03&k=20&metric=l1",
  "/regime_detection?ticker=BTC-USD&lookback_days=60",
  "/api/backtest?ticker=SPY&k=10",
  "/position_size?ticker=SPY&start_date=2024-06-03&end_date=2024-07-01&k=10",
  "/macro_analog",
  "/pattern_backtest?ticker=SPY&lookback_days=20&forward_days=20&min_return=-0.05",
  "/correlation_matrix?tickers=AAPL,MSFT,SPY,QQQ,NVDA,TSLA,GC=F,BTC-USD&period=5y",
  "/trading/signal?ticker=SPY",
  "/api/signals/live?assets=AAPL,BTC,SPY,QQQ",
  "/trading/scan",
  "/trading/performance?mode=backtest&ticker=SPY",
  "/api/momentum/scan",
  "/optimize_portfolio?tickers=AAPL,MSFT,NVDA,SPY,QQQ,TSLA,AMZN,GOOGL&period=5y&objective=max_ratio",
  "/api/portfolio-factors?holdings=AAPL:0.4,MSFT:0.3,NVDA:0.3&period=5y",
];
const ROUTES = [CHEAP, ...HEAVY.filter((path) => only === undefined || path.includes(only)), CHEAP];
const WARM_CALLS = 2;

interface RouteRow {
  route: string;
  ok: number;
  loopBusyMsPerCall: number;
  overCheapMs: number;
  wallP50Ms: number;
  loopDelayMaxMs: number;
}

async function main(): Promise<void> {
  const { service, base, payer, close } = await loopbackService();
  const driver = new LoadDriver();
  const rows: RouteRow[] = [];
  try {
    await service.warmUp();
    const signed = new Map<string, string[]>();
    for (const path of new Set(ROUTES)) {
      const headers: string[] = [];
      for (let i = 0; i < WARM_CALLS + 2 * calls; i++) headers.push(await payer.paymentFor(path));
      signed.set(path, headers);
    }
    // Every route warm before any is timed (series loaded, code compiled, first-call costs paid).
    for (const [path, headers] of signed) await driver.burst(base, { path, headers: headers.splice(0, WARM_CALLS) }, 1);
    const profiler = profileFile === undefined ? undefined : new Session();
    profiler?.connect();
    await profiler?.post("Profiler.enable");
    await profiler?.post("Profiler.start");
    for (const path of ROUTES) {
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      const before = performance.eventLoopUtilization();
      const result = await driver.burst(base, { path, headers: signed.get(path)!.splice(0, calls) }, 1);
      const used = performance.eventLoopUtilization(before);
      delay.disable();
      rows.push({
        route: path,
        ok: result.ok,
        loopBusyMsPerCall: used.active / calls,
        overCheapMs: 0,
        wallP50Ms: median([...result.latencies].sort((a, b) => a - b)),
        loopDelayMaxMs: delay.max / 1e6,
      });
    }
    if (profiler !== undefined) {
      const { profile } = await profiler.post("Profiler.stop");
      fs.writeFileSync(profileFile!, JSON.stringify(profile));
      profiler.disconnect();
    }
    const reference = Math.min(rows[0].loopBusyMsPerCall, rows[rows.length - 1].loopBusyMsPerCall);
    for (const row of rows) row.overCheapMs = row.loopBusyMsPerCall - reference;
  } finally {
    await driver.close();
    await close();
  }
  console.log(`\nEvent-loop time per paid call, ${calls} sequential calls per route, every route called ${WARM_CALLS} times before\n`);
  console.log("| route | 200s | loop busy ms/call | over the cheap call ms | wall p50 ms | loop delay max ms |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    const name = r.route.length > 70 ? `${r.route.slice(0, 67)}...` : r.route;
    console.log(`| ${name} | ${r.ok} | ${r.loopBusyMsPerCall.toFixed(2)} | ${r.overCheapMs.toFixed(2)} | ${r.wallP50Ms.toFixed(1)} | ${r.loopDelayMaxMs.toFixed(1)} |`);
  }
  if (jsonFile !== undefined) fs.writeFileSync(jsonFile, `${JSON.stringify({ calls, rows }, null, 2)}\n`);
}

await main();
