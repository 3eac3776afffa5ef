/**
 * `npm run bench:soak`: memory under a long run of paid calls in the default mode (embedded chain on its payment
 * thread, SQLite in a file). Makes `--calls` paid calls (a cheap route, `--concurrency` callers) and prints the
 * process's RSS, the main thread's heap and its external memory every `--every` calls, then the growth after the
 * warm-up (`--warmup` calls) and per call. Issue 34's bound: at most 30 MB of growth after warm-up over 20,000
 * calls. The chain is compacted every 200 transactions (src/payments/embedded/chain-compaction.ts), so its RSS
 * saws up and down by a few MB between samples instead of climbing.
 */
import { loopbackService } from "./loopback-service.js";
import { headerLine, rowLine, type Column } from "./text-table.js";

const args = new Map(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith("--"))
    .map((arg) => {
      const [key, value] = arg.slice(2).split("=");
      return [key!, value ?? "true"] as const;
    }),
);
const numberArg = (name: string, fallback: number) => {
  const value = Number(args.get(name) ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
};
const CALLS = numberArg("calls", 20_000);
const EVERY = numberArg("every", 1_000);
const WARMUP = numberArg("warmup", 2_000);
const CONCURRENCY = numberArg("concurrency", 4);
const ROUTE = args.get("route") ?? "/get_latest_price?ticker=AAPL";

const mb = (bytes: number) => bytes / 1e6;
const gc = (globalThis as { gc?: () => void }).gc;

const { payer, close } = await loopbackService();
interface Sample {
  calls: number;
  rssMb: number;
  heapMb: number;
  externalMb: number;
  seconds: number;
}
const rows: Sample[] = [];
const columns: Column<Sample>[] = [
  ["calls", 7, (r) => String(r.calls)],
  ["RSS MB", 8, (r) => r.rssMb.toFixed(0)],
  ["heap MB", 8, (r) => r.heapMb.toFixed(0)],
  ["external MB", 12, (r) => r.externalMb.toFixed(0)],
  ["s", 6, (r) => r.seconds.toFixed(0)],
];
const samples = new Map<number, number>();
const started = performance.now();
const sample = (calls: number) => {
  gc?.();
  const memory = process.memoryUsage();
  samples.set(calls, memory.rss);
  const seconds = (performance.now() - started) / 1000;
  rows.push({ calls, rssMb: mb(memory.rss), heapMb: mb(memory.heapUsed), externalMb: mb(memory.external), seconds });
  process.stderr.write(`${calls} calls: RSS ${mb(memory.rss).toFixed(0)} MB\n`);
};

let next = 0;
let failures = 0;
sample(0);
const caller = async () => {
  for (;;) {
    const call = ++next;
    if (call > CALLS) return;
    const res = await payer.pay(ROUTE, "POST");
    await res.arrayBuffer();
    if (res.status !== 200) failures += 1;
    if (call % EVERY === 0) sample(call);
  }
};
await Promise.all(Array.from({ length: CONCURRENCY }, caller));
await close();

// One sample can land on either side of a compaction's saw tooth (and of the allocator's returns to the system),
// so growth is read from the means of the first and last thirds of the samples after warm-up, and from a fitted slope.
const afterWarmup = [...samples].filter(([calls]) => calls >= WARMUP);
const third = Math.max(1, Math.floor(afterWarmup.length / 3));
const mean = (points: Array<[number, number]>) => points.reduce((sum, [, rss]) => sum + rss, 0) / points.length;
const growth = mean(afterWarmup.slice(-third)) - mean(afterWarmup.slice(0, third));
const slope = fittedSlope(afterWarmup);
console.log(`\nbench:soak ${CALLS} paid calls of ${ROUTE}, concurrency ${CONCURRENCY}${gc === undefined ? " (run with --expose-gc for steadier samples)" : ""}\n`);
console.log(headerLine(columns));
for (const row of rows) console.log(rowLine(columns, row));
const summary: Array<[string, string]> = [
  ["failed calls (not 200)", String(failures)],
  [`RSS growth after ${WARMUP} calls`, `${mb(growth).toFixed(1)} MB (mean of the last third of the samples - of the first)`],
  ["fitted slope after warm-up", `${(slope / 1e3).toFixed(2)} KB per call (${mb(slope * (CALLS - WARMUP)).toFixed(1)} MB over the run)`],
  ["min / max RSS after warm-up", `${mb(Math.min(...afterWarmup.map(([, rss]) => rss))).toFixed(0)} / ${mb(Math.max(...afterWarmup.map(([, rss]) => rss))).toFixed(0)} MB`],
];
console.log("");
for (const [measure, value] of summary) console.log(`${measure.padEnd(30)} ${value}`);
process.exitCode = failures > 0 ? 1 : 0;

/** Least-squares slope of RSS (bytes) over calls. */
function fittedSlope(points: Array<[number, number]>): number {
  if (points.length < 2) return 0;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / points.length;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
  const sxy = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  const sxx = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
  return sxy / sxx;
}
