/**
 * HTTP load benchmark (issue 11): paid calls over real HTTP at concurrency 1, 10 and 30, every payment signed
 * by the stock x402 client. The service runs on loopback in this process (embedded chain, the shared daily
 * dataset, offline) so its event loop can be watched; the calls are sent from another thread
 * (./load-driver.mjs), so the client's HTTP work does not run on the service's event loop. Every payment
 * header is signed and quoted before the clock starts, so the figures are the service's: routing,
 * verification, the handler, settlement, signing.
 *
 *   npm run bench:http-load [-- --calls 1000 --levels 1,10,30 --pairs 1000 --route /get_latest_price?ticker=AAPL --json <file>]
 *
 * Printed per concurrency: calls/s, p50 and p99 latency (ms), the event-loop delay p99 (monitorEventLoopDelay),
 * the 200s, and the CPU each call cost per thread (./thread-cpu.ts: comparable even on a busy machine); then the
 * paid call's overhead: paid calls and unpaid quotes (the same route up to the gate, answered 402) alternated
 * at concurrency 1, so that both see the same machine (its speed here drifts by tens of percent within
 * minutes), and the difference of their p50s; then the settlements: 200s, settled claims in the ledger,
 * distinct settlement transactions, and the USDC that reached payTo on chain. They must agree (every payment
 * settled once); the script exits 1 otherwise.
 */
import fs from "node:fs";
import os from "node:os";
import { Session } from "node:inspector/promises";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { SettlementLedger } from "../src/storage/repos/settlement-ledger.js";
import { LoadDriver } from "./load-driver.js";
import { loopbackService } from "./loopback-service.js";
import { median } from "./sorted-stats.js";
import { startCpuSplit } from "./thread-cpu.js";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const CALLS = Number(option("--calls") ?? 1000);
const ROUTE = option("--route") ?? "/get_latest_price?ticker=AAPL";
const JSON_FILE = option("--json");
const CONCURRENCIES = (option("--levels") ?? "1,10,30").split(",").map(Number);
const PAIRS = Number(option("--pairs") ?? 1000);
const CPU_PROFILE = option("--cpu-profile");

interface LevelResult {
  concurrency: number;
  calls: number;
  ok: number;
  callsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  loopDelayP99Ms: number;
  /** CPU ms per call: the service's main thread, the client thread, everything else (payment thread, GC helpers, I/O pool). */
  cpuPerCall: { main: number | null; client: number | null; busiestOther: number | null; other: number };
  /** CPU ms per call of the threads other than main and client, by thread name. */
  otherPerCallByName: Record<string, number>;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function main(): Promise<void> {
  const { service, base, payer, close } = await loopbackService();
  const embedded = service.embedded!;
  const driver = new LoadDriver();
  const clientTid = await driver.threadId();
  try {
    await service.warmUp();
    const warm = await payer.pay(ROUTE);
    if (warm.status !== 200) throw new Error(`${ROUTE} answered ${warm.status} when warming up`);
    const payToBefore = await embedded.balanceOf(service.payTo as `0x${string}`);
    const ledger = new SettlementLedger(service.database.db);
    const settledBefore = [...(await ledger.settledCountByTransaction()).values()].reduce((a, b) => a + b, 0);

    const levels: LevelResult[] = [];
    let okTotal = 0;
    let price = 0n;
    for (const concurrency of CONCURRENCIES) {
      const headers: string[] = [];
      for (let i = 0; i < CALLS; i++) headers.push(await payer.paymentFor(ROUTE));
      price = BigInt((JSON.parse(Buffer.from(headers[0]!, "base64").toString()) as { accepted: { amount: string } }).accepted.amount);
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      const cpu = startCpuSplit(clientTid);
      const profiler = CPU_PROFILE === undefined || concurrency !== CONCURRENCIES.at(-1) ? undefined : await startMainThreadProfile();
      const { latencies, ok, wallMs } = await driver.burst(base, { path: ROUTE, headers }, concurrency);
      if (profiler !== undefined) fs.writeFileSync(CPU_PROFILE!, JSON.stringify(await profiler()));
      const split = cpu();
      delay.disable();
      const perCall = (ms: number | undefined) => (ms === undefined ? null : ms / CALLS);
      latencies.sort((a, b) => a - b);
      okTotal += ok;
      levels.push({ concurrency, calls: CALLS, ok, callsPerSecond: (CALLS / wallMs) * 1000, p50Ms: median(latencies), p99Ms: quantile(latencies, 0.99), loopDelayP99Ms: delay.percentile(99) / 1e6, cpuPerCall: { main: perCall(split.mainMs), client: perCall(split.clientMs), busiestOther: perCall(split.busiestOtherMs), other: split.otherMs / CALLS }, otherPerCallByName: Object.fromEntries([...split.otherByName].map(([name, ms]) => [name, ms / CALLS])) });
    }

    // The overhead: a paid call, then the unpaid quote of the same route, and so on, one at a time (the driver
    // records latencies in the order it sends at concurrency 1).
    const alternated: string[] = [];
    for (let i = 0; i < PAIRS; i++) alternated.push(await payer.paymentFor(ROUTE), "");
    const pairs = await driver.burst(base, { path: ROUTE, headers: alternated }, 1);
    okTotal += pairs.ok;
    const paidMs = pairs.latencies.filter((_, i) => i % 2 === 0);
    const quoteMs = pairs.latencies.filter((_, i) => i % 2 === 1);
    const pairDifferences = paidMs.map((ms, i) => ms - quoteMs[i]!).sort((a, b) => a - b);
    paidMs.sort((a, b) => a - b);
    quoteMs.sort((a, b) => a - b);
    const overhead = { pairs: PAIRS, paidP50Ms: median(paidMs), quoteP50Ms: median(quoteMs), overheadMs: median(paidMs) - median(quoteMs), medianPairDifferenceMs: median(pairDifferences) };

    const settled = [...(await ledger.settledCountByTransaction()).entries()];
    const settledClaims = settled.reduce((a, [, n]) => a + n, 0) - settledBefore;
    const charged = ((await embedded.balanceOf(service.payTo as `0x${string}`)) - payToBefore) / price;

    console.log(`\nPaid calls over HTTP (POST ${ROUTE}), in-process service on loopback, client on another thread, payments signed before timing\n`);
    console.log("| concurrency | calls | 200s | calls/s | p50 ms | p99 ms | loop delay p99 ms | CPU ms/call: main / client / payment thread / all other |");
    console.log("|---:|---:|---:|---:|---:|---:|---:|---|");
    const cpuText = (ms: number | null) => (ms === null ? "n/a" : ms.toFixed(2));
    for (const l of levels) {
      const { main, client, busiestOther, other } = l.cpuPerCall;
      console.log(`| ${l.concurrency} | ${l.calls} | ${l.ok} | ${l.callsPerSecond.toFixed(1)} | ${l.p50Ms.toFixed(1)} | ${l.p99Ms.toFixed(1)} | ${l.loopDelayP99Ms.toFixed(1)} | ${cpuText(main)} / ${cpuText(client)} / ${cpuText(busiestOther)} / ${cpuText(other)} |`);
    }
    console.log("(CPU from /proc per thread, 10 ms ticks: main = the service's event loop; client = the load driver thread; payment");
    console.log(" thread = the busiest other thread (chain + facilitator); all other = every thread but main and client, the payment");
    console.log(" thread included (GC helpers, compiler threads, the I/O pool). Machine load: " + os.loadavg().map((l) => l.toFixed(1)).join(" ") + ")");
    console.log("\nCPU ms per call of the other threads, by the kernel's thread name (threads of one name summed; 10 ms ticks, so");
    console.log("a figure under 0.1 ms per call is noise over a few hundred calls):\n");
    const names = [...new Set(levels.flatMap((l) => Object.keys(l.otherPerCallByName)))].sort();
    console.log(`| thread | ${levels.map((l) => `c=${l.concurrency}`).join(" | ")} |`);
    console.log(`|---|${levels.map(() => "---:").join("|")}|`);
    for (const name of names) console.log(`| ${name} | ${levels.map((l) => (l.otherPerCallByName[name] ?? 0).toFixed(2)).join(" | ")} |`);
    console.log(
      `\npayment overhead at concurrency 1, ${PAIRS} paid calls alternated with ${PAIRS} unpaid quotes (402): paid p50 ${overhead.paidP50Ms.toFixed(2)} ms, ` +
        `quote p50 ${overhead.quoteP50Ms.toFixed(2)} ms, overhead ${overhead.overheadMs.toFixed(2)} ms (target <= 4; median of the pairs' differences ${overhead.medianPairDifferenceMs.toFixed(2)} ms)`,
    );
    console.log(`settlements: 200s ${okTotal}, ledger settled ${settledClaims}, charged on chain ${charged} calls`);
    if (JSON_FILE !== undefined) fs.writeFileSync(JSON_FILE, `${JSON.stringify({ route: ROUTE, levels, overhead, okTotal, settledClaims, charged: Number(charged) }, null, 2)}\n`);
    if (BigInt(okTotal) !== charged || settledClaims !== okTotal) {
      console.error("MISMATCH: every 200 must be settled exactly once");
      process.exitCode = 1;
    }
  } finally {
    await driver.close();
    await close();
  }
}

/** Profiles the service's event loop (this thread) until the returned function is called; it gives the profile. */
async function startMainThreadProfile(): Promise<() => Promise<unknown>> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    session.disconnect();
    return profile;
  };
}

await main();
