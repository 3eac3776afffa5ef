/**
 * `npm run bench:universe`: a universe search over many series through the search worker pool, in process
 * (the route's own service path minus HTTP and payment): split into one shard per worker and merged, against
 * the same search on one worker. Synthetic random walks of 6,000 daily bars (500 and 2,000 series, generated
 * here in memory; UNIVERSE_SIZES=500,2000,5000 to choose), query m = 22 and m = 252, k = 10, wrap = true (the
 * route's default). The histories live in shared memory, as the service's do, and each worker's cache is what
 * UNIVERSE_MEMORY_MB gives it (default 2,048). Prints a table; it asserts that the sharded answer equals the
 * one-worker answer. Then the engine's own time, the baseline a universe search over HTTP is held against: the
 * same cross-series search (core searchManyScored) in this thread on histories already prepared, warm.
 */
import { acrossExcludeRanges } from "../src/analytics/cross-series-analogs.js";
import { gapBreaks, type PriceSeries } from "../src/analytics/price-series.js";
import { DEFAULT_UNIVERSE_MEMORY_MB } from "../src/config/config.js";
import { prepareSeries } from "../src/core/prepared-series.js";
import { searchManyScored } from "../src/core/search-many.js";
import { universeMemoryBounds } from "../src/config/universe-memory.js";
import { loadSearchKernels } from "../src/services/patterns/search-kernels.js";
import { SearchWorkerPool } from "../src/services/patterns/search-worker-pool.js";
import { searchUniverse, type UniverseEntry } from "../src/services/patterns/universe-search.js";

const BARS = 6_000;
const RUNS = 7;
const sizes = (process.env.UNIVERSE_SIZES ?? "500,2000").split(",").map(Number); // bench-only knob
const memoryMb = Number(process.env.UNIVERSE_MEMORY_MB ?? DEFAULT_UNIVERSE_MEMORY_MB); // bench-only knob
const { workerCacheBytes } = universeMemoryBounds(memoryMb * 1_048_576, 2);

function walk(seed: number): Float64Array {
  let state = seed >>> 0;
  const uniform = () => ((state = (state + 0x6d2b79f5) >>> 0), ((Math.imul(state ^ (state >>> 15), 1 | state) >>> 0) % 1_000_000) / 1_000_000);
  const closes = new Float64Array(new SharedArrayBuffer(8 * BARS));
  let price = 100;
  for (let i = 0; i < BARS; i++) closes[i] = price *= Math.exp(0.012 * (uniform() + uniform() + uniform() - 1.5));
  return closes;
}

function universe(count: number): UniverseEntry[] {
  const times = new Float64Array(new SharedArrayBuffer(8 * BARS));
  times.forEach((_, i) => (times[i] = Date.UTC(2000, 0, 3) + i * 86_400_000));
  const breaks = new Uint8Array(new SharedArrayBuffer(BARS));
  breaks.set(gapBreaks(times, "1d"));
  return Array.from({ length: count }, (_, i) => {
    const closes = walk(1_000 + i);
    const series: PriceSeries = { ticker: `SYN${i}`, timeframe: "1d", timesMs: times, opens: closes, highs: closes, lows: closes, closes, breakBefore: breaks };
    return { series, kind: "price" };
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)}`;

async function main(): Promise<void> {
  console.log("series  m    shards  first call ms  p50 ms  per series ms  RSS MB  equal to 1 worker");
  for (const count of sizes) {
    const list = universe(count);
    for (const m of [22, 252]) {
      const queryStart = BARS - m - 100;
      const search = { queryStart, m, k: 10, metric: "l2" as const, wrap: true, summarize: true, excludeRanges: acrossExcludeRanges(list, queryStart, m, 30) };
      const answers: string[] = [];
      for (const shards of [1, 2]) {
        const pool = new SearchWorkerPool(2, workerCacheBytes);
        await pool.warm();
        let t = performance.now();
        const first = await searchUniverse(pool, list, search, shards);
        const firstMs = performance.now() - t;
        const times: number[] = [];
        for (let r = 0; r < RUNS; r++) {
          t = performance.now();
          await searchUniverse(pool, list, search, shards);
          times.push(performance.now() - t);
        }
        answers.push(JSON.stringify(first));
        const p50 = median(times);
        const equal = shards === 1 ? "-" : String(answers[0] === answers[1]);
        console.log(
          `${String(count).padStart(6)}  ${String(m).padEnd(4)} ${String(shards).padStart(6)}  ${firstMs.toFixed(0).padStart(13)}  ${p50.toFixed(0).padStart(6)}  ${(p50 / count).toFixed(3).padStart(13)}  ${mb(process.memoryUsage().rss).padStart(6)}  ${equal}`,
        );
        await pool.close();
      }
    }
  }
  engineAlone();
}

/** The engine's own time per series: one thread, histories prepared once, the search repeated warm. */
function engineAlone(): void {
  loadSearchKernels();
  const count = Math.min(500, ...sizes);
  const prepared = universe(count).map((entry) => prepareSeries(entry.series.closes, entry.series.breakBefore, true));
  console.log(`\nengine alone (this thread, ${count} prepared histories, warm)\nm    p50 ms  per series ms`);
  for (const m of [22, 252]) {
    const query = prepared[0].values.slice(BARS - m - 100, BARS - 100);
    const options = { k: 10, metric: "l2" as const, wrap: true };
    searchManyScored(prepared, query, options);
    const times: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const t = performance.now();
      searchManyScored(prepared, query, options);
      times.push(performance.now() - t);
    }
    console.log(`${String(m).padEnd(4)} ${median(times).toFixed(0).padStart(6)}  ${(median(times) / count).toFixed(3).padStart(13)}`);
  }
}

await main();
