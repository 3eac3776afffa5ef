/**
 * The first half of `npm run bench:universe`: `universe=all` over HTTP on folders of CSV files written here, the 17
 * real daily files plus synthetic random walks of 6,000 bars (600, 2,000, 5,000 of them by default:
 * UNIVERSE_FOLDERS=600,2000,5000 to choose), each folder served by the service as production wires it (offline,
 * SQLite in a file, its own search workers) on a loopback port, called by a paying client. Per folder: warm-up time
 * (wall, and the CPU of all threads) and RSS when idle after it (nothing searched yet), then the first `universe=all`
 * call (every file read from its binary copy, which the bench had the store build first, timed apart; each history
 * prepared on a worker), the p50 of the next ones, per series, and RSS after. RSS is the whole process: service,
 * payment chain, search workers and the paying client; the parse that builds the binary copies runs in a child
 * process, so what it leaves on the heap is not counted as the service's. `npm run bench:universe` runs this file
 * compiled (scripts/build-bench.mjs), as the other HTTP benchmarks: from source every thread also loads tsx (at 617
 * series 560-590 MB of idle RSS against 303-356 MB compiled, measured on a machine shared with other jobs).
 * Last, per folder, a cheap paid call (`/get_latest_price`, one after another, sent from another thread as in
 * bench:event-loop) alone and while 4 callers run `universe=all` back to back: its p50 loaded ÷ idle.
 * Prints a table.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, copyFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { CsvBarStore } from "../src/providers/prices/offline/csv-bar-store.js";
import { DAILY_DATASET_DIR } from "../test/support/shared-paths.js";
import { createTestPayer } from "../test/support/test-payer.js";
import { startTestService } from "../test/support/test-service.js";
import { LoadDriver, signedCalls, type SignedCalls } from "./load-driver.js";
import { headerLine, rowLine, type Column } from "./text-table.js";

const BARS = 6_000;
const RUNS = 5;
const folders = (process.env.UNIVERSE_FOLDERS ?? "600,2000,5000").split(",").map(Number); // bench-only knob
/** The service's UNIVERSE_MEMORY_MB (unset: its default), passed on so a run can size the caches to the universe. */
const universeMemoryMb = process.env.UNIVERSE_MEMORY_MB; // bench-only knob
const QUERY = "/get_patterns_raw?ticker=AAPL&start_date=2024-10-01&end_date=2024-11-01&k=10&universe=all";
const CHEAP = "/get_latest_price?ticker=AAPL";
const CHEAP_CALLS = 40;
const SEARCHERS = 4;

/** Business days from 2001-01-01: 6,000 of them end in 2024. */
const DATES = (() => {
  const out: string[] = [];
  for (let t = Date.UTC(2001, 0, 1); out.length < BARS; t += 86_400_000) {
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
})();

function walkCsv(seed: number): string {
  let state = seed >>> 0;
  const uniform = () => ((state = (state + 0x6d2b79f5) >>> 0), ((Math.imul(state ^ (state >>> 15), 1 | state) >>> 0) % 1_000_000) / 1_000_000);
  const rows = ["date,open,high,low,close,volume"];
  let price = 100;
  for (const date of DATES) {
    const open = price;
    price *= Math.exp(0.012 * (uniform() + uniform() + uniform() - 1.5));
    const high = Math.max(open, price) * (1 + 0.004 * uniform());
    const low = Math.min(open, price) * (1 - 0.004 * uniform());
    rows.push(`${date},${open.toFixed(4)},${high.toFixed(4)},${low.toFixed(4)},${price.toFixed(4)},${Math.round(1e6 * (1 + uniform()))}`);
  }
  return rows.join("\n");
}

/** SYAAAA, SYAAAB, ...: shaped like a US stock's ticker (the resolver takes 1 to 6 letters), never a real one's. */
function syntheticName(i: number): string {
  let name = "";
  for (let rest = i, place = 0; place < 4; place++, rest = Math.floor(rest / 26)) name = String.fromCharCode(65 + (rest % 26)) + name;
  return `SY${name}`;
}

/** A folder of the 17 real files and `synthetic` walks (written once per size, kept under the OS temp folder). */
function folderOf(synthetic: number): string {
  const dir = path.join(os.tmpdir(), `precedent-universe-${synthetic}`);
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(DAILY_DATASET_DIR).filter((name) => name.endsWith(".csv"))) copyFileSync(path.join(DAILY_DATASET_DIR, file), path.join(dir, file));
  const present = new Set(readdirSync(dir));
  for (let i = 0; i < synthetic; i++) if (!present.has(`${syntheticName(i)}.csv`)) writeFileSync(path.join(dir, `${syntheticName(i)}.csv`), walkCsv(1_000 + i));
  return dir;
}

const rssMb = () => Math.round(process.memoryUsage().rss / 1_048_576);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function serveFolder(folder: string, dataDir: string) {
  let t = performance.now();
  const service = await startTestService({ databaseOnDisk: true, ownSearchWorkers: true, env: { MARKET_DATA_DIR: folder, DATA_DIR: dataDir, ...(universeMemoryMb === undefined ? {} : { UNIVERSE_MEMORY_MB: universeMemoryMb }) } });
  const buildMs = performance.now() - t;
  t = performance.now();
  const cpu = process.cpuUsage();
  await service.warmUp();
  const warmUpMs = performance.now() - t;
  // Every thread's CPU, the process's: unlike the wall time, it hardly moves with what else the machine runs.
  const { user, system } = process.cpuUsage(cpu);
  const warmUpCpuMs = (user + system) / 1000;
  const server = serve({ fetch: service.app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const payer = await createTestPayer(service, 1_000_000_000n);
  const call = async () => {
    const t = performance.now();
    const res = await payer.pay(`${base}${QUERY}`, "GET");
    const body = (await res.json()) as { universe?: { searched: string[]; skipped: unknown[] } };
    if (res.status !== 200 || body.universe?.skipped.length !== 0) throw new Error(`universe=all answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return { ms: performance.now() - t, searched: body.universe?.searched.length ?? 0 };
  };
  /** The cheap call's p50 alone and under SEARCHERS callers of `universe=all` (calls from another thread, payments signed first). */
  const cheapUnderSearches = async (searchMs: number) => {
    const driver = new LoadDriver();
    try {
      const signed = (path: string, count: number) => signedCalls(payer, path, count);
      await driver.burst(base, await signed(CHEAP, 1), 1);
      const idle = await driver.cheapUnderLoad(base, await signed(CHEAP, CHEAP_CALLS), []);
      // Enough payments for each searcher to keep searching while the cheap calls run (at about 10 ms each).
      const perSearcher = Math.ceil((CHEAP_CALLS * 10 * SEARCHERS) / Math.max(searchMs, 1)) + 2;
      const lanes: SignedCalls[] = [];
      for (let i = 0; i < SEARCHERS; i++) lanes.push(await signed(QUERY, perSearcher));
      const loaded = await driver.cheapUnderLoad(base, await signed(CHEAP, CHEAP_CALLS), lanes);
      if (idle.cheapOk !== CHEAP_CALLS || loaded.cheapOk !== CHEAP_CALLS || loaded.heavyFailures > 0) {
        throw new Error(`cheap calls ${idle.cheapOk}/${loaded.cheapOk} of ${CHEAP_CALLS}, searches failed ${loaded.heavyFailures}`);
      }
      return { idleMs: median(idle.cheapLatencies), loadedMs: median(loaded.cheapLatencies), searches: loaded.heavyCalls, lanesExhausted: loaded.lanesExhausted };
    } finally {
      await driver.close();
    }
  };
  return { buildMs, warmUpMs, warmUpCpuMs, idleRssMb: rssMb(), call, cheapUnderSearches, close: async () => (server.close(), await service.close()) };
}

interface Row {
  series: number;
  parseMs: number;
  buildMs: number;
  warmUpMs: number;
  warmUpCpuMs: number;
  idleRssMb: number;
  firstMs: number;
  p50Ms: number;
  rssAfterMb: number;
  cheapIdleMs: number;
  cheapLoadedMs: number;
  /** `universe=all` calls answered while the cheap calls ran; searchers that ran out of payments before their end. */
  searches: number;
  lanesExhausted: number;
}

const COLUMNS: Column<Row>[] = [
  ["series", 7, (r) => String(r.series)],
  ["parse all files ms", 19, (r) => r.parseMs.toFixed(0)],
  ["build ms", 9, (r) => r.buildMs.toFixed(0)],
  ["warm-up ms", 11, (r) => r.warmUpMs.toFixed(0)],
  ["warm-up CPU ms", 15, (r) => r.warmUpCpuMs.toFixed(0)],
  ["idle RSS MB", 12, (r) => String(r.idleRssMb)],
  ["first call ms", 14, (r) => r.firstMs.toFixed(0)],
  ["p50 ms", 7, (r) => r.p50Ms.toFixed(0)],
  ["per series ms", 14, (r) => (r.p50Ms / r.series).toFixed(3)],
  ["RSS after MB", 13, (r) => String(r.rssAfterMb)],
  ["cheap p50 idle ms", 18, (r) => r.cheapIdleMs.toFixed(1)],
  [`under ${SEARCHERS} searches ms`, 20, (r) => r.cheapLoadedMs.toFixed(1)],
  ["ratio", 6, (r) => (r.cheapLoadedMs / r.cheapIdleMs).toFixed(2)],
  ["searches (lanes out)", 21, (r) => `${r.searches} (${r.lanesExhausted})`],
];

/**
 * Parses every file of the folder once into the node's binary copies (what a node's first use of each file does), so
 * the first paid call reads copies: parsing thousands of files inside one call can outlast the payment's validity
 * on a loaded machine. Timed and printed on its own. Run in a child process (this file with `--parse`): in this one,
 * the hundreds of MB of heap the parse grows would sit in the idle RSS measured next.
 */
async function parseFolder(folder: string, dataDir: string): Promise<number> {
  const started = performance.now();
  const store = new CsvBarStore({ dir: folder, cacheDir: path.join(dataDir, "market-columns"), maxHeldBytes: 0 });
  for (const stem of await store.stems()) await store.columns(stem);
  return performance.now() - started;
}

function parseFolderApart(folder: string, dataDir: string): number {
  const out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "--parse", folder, dataDir], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  return Number(out.trim().split("\n").at(-1));
}

async function main(): Promise<void> {
  console.log(`universe=all over HTTP (${QUERY}), ${BARS} bars a synthetic series, p50 of ${RUNS}`);
  console.log(headerLine(COLUMNS));
  for (const synthetic of folders) {
    const folder = folderOf(synthetic);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "precedent-universe-data-"));
    try {
      const parseMs = parseFolderApart(folder, dataDir);
      const node = await serveFolder(folder, dataDir);
      const first = await node.call();
      const times: number[] = [];
      for (let r = 0; r < RUNS; r++) times.push((await node.call()).ms);
      const rssAfterMb = rssMb();
      const cheap = await node.cheapUnderSearches(median(times));
      await node.close();
      const row: Row = {
        series: first.searched,
        parseMs,
        buildMs: node.buildMs,
        warmUpMs: node.warmUpMs,
        warmUpCpuMs: node.warmUpCpuMs,
        idleRssMb: node.idleRssMb,
        firstMs: first.ms,
        p50Ms: median(times),
        rssAfterMb,
        cheapIdleMs: cheap.idleMs,
        cheapLoadedMs: cheap.loadedMs,
        searches: cheap.searches,
        lanesExhausted: cheap.lanesExhausted,
      };
      console.log(rowLine(COLUMNS, row));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

if (process.argv[2] === "--parse") console.log(await parseFolder(process.argv[3], process.argv[4]));
else await main();
