/**
 * `npm run bench:universe-shards`: a universe search cut into pg-boss shard jobs and taken by one, two and three
 * nodes on this machine (operations.md, "Universe searches past one node"). The nodes are real separate pg-boss
 * instances, database pools, series caches and search workers (one worker each) in one process, on a scratch
 * PostgreSQL database (created beside BENCH_PG_URL's and dropped at the end), reading bars from the shared PostgreSQL bar store;
 * synthetic random walks written as CSV files are the market data. Every node's series cache is loaded first,
 * so the table is the steady state: per node count, the search's p50/p95 and how many shard jobs each node
 * took, and whether every answer equals the one-node answer (exit 1 if not). The nodes share this machine's
 * two cores with each other (and with whatever else runs), so the point is correctness and the spread, not
 * a speed-up. Knobs: SERIES (default 240), BARS (2,500), SHARD_SERIES (40), RUNS (9).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PatternQuery, PatternResult } from "../src/services/patterns/pattern-service.js";
import { withPostgresClient } from "../test/support/postgres-schemas.js";
import { startShardCluster } from "../test/support/shard-nodes.js";
import { headerLine, rowLine, type Column } from "./text-table.js";

// Bench-only knobs, read here as the other benchmarks read theirs.
const env = process.env;
const url = env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SERIES = Number(env.SERIES ?? 240);
const BARS = Number(env.BARS ?? 2_500);
const SHARD_SERIES = Number(env.SHARD_SERIES ?? 40);
const RUNS = Number(env.RUNS ?? 9);

/** Q + three letters: a valid US ticker that no real file shadows. */
const tickerOf = (i: number) => `Q${String.fromCharCode(65 + Math.floor(i / 676) % 26, 65 + Math.floor(i / 26) % 26, 65 + (i % 26))}`;

function writeWalks(dir: string): string[] {
  const tickers = Array.from({ length: SERIES }, (_, i) => tickerOf(i));
  tickers.forEach((ticker, n) => {
    let state = (1_000 + n) >>> 0;
    const uniform = () => ((state = (state + 0x6d2b79f5) >>> 0), ((Math.imul(state ^ (state >>> 15), 1 | state) >>> 0) % 1_000_000) / 1_000_000);
    const lines = ["date,open,high,low,close,volume"];
    let price = 100;
    for (let i = 0; i < BARS; i++) {
      price *= Math.exp(0.012 * (uniform() + uniform() + uniform() - 1.5));
      const date = new Date(Date.UTC(2000, 0, 3) + i * 86_400_000).toISOString().slice(0, 10);
      lines.push(`${date},${price},${price},${price},${price},0`);
    }
    fs.writeFileSync(path.join(dir, `${ticker}.csv`), lines.join("\n") + "\n");
  });
  return tickers;
}

const seen = (result: PatternResult) => JSON.stringify({ analogs: result.analogs.map(({ series, ...analog }) => ({ ...analog, ticker: series?.ticker })), summary: result.summary });
interface Row {
  label: string;
  jobs: number;
  p50: number;
  p95: number;
  taken: string;
  equal: boolean;
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

async function main(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-bench-shards-"));
  const tickers = writeWalks(dir);
  // A scratch database, as bench:payments makes (dropping a schema mid-run would trip other runs' migrations).
  const scratch = `bench_shards_${Date.now().toString(36)}`;
  await withPostgresClient(url, (client) => client.query(`CREATE DATABASE ${scratch}`));
  const scratchUrl = new URL(url);
  scratchUrl.pathname = `/${scratch}`;
  const cluster = await startShardCluster({ url: scratchUrl.toString(), nodes: 3, marketDataDir: dir, limits: { aboveSeries: SHARD_SERIES, seriesPerJob: SHARD_SERIES, timeoutMs: 120_000 }, schema: "bench" });
  try {
    const query: PatternQuery = {
      ticker: tickers[0],
      timeframe: "1d",
      startMs: Date.UTC(2000, 0, 3) + (BARS - 150) * 86_400_000,
      endMs: Date.UTC(2000, 0, 3) + (BARS - 128) * 86_400_000,
      k: 10,
      metric: "l2",
      wrap: true,
      universe: tickers,
      summarize: true,
    };
    let t = performance.now();
    const one = await cluster.nodes[0].alone.service.analogs(query); // the first load stores every history in PostgreSQL
    console.log(`stored ${SERIES} series x ${BARS} bars in PostgreSQL and searched them on one node: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
    for (const node of cluster.nodes) await Promise.all(tickers.map((ticker) => node.patterns.seriesCache.load(ticker, "1d")));
    console.log(`every node read every history from PostgreSQL into its series cache: ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const rows: Row[] = [];
    let equal = true;
    const measure = async (label: string, nodes: number, search: () => Promise<PatternResult>) => {
      const before = cluster.nodes.map((node) => node.queue.taken);
      await search(); // warm: each worker prepares what this search's shards hand it
      const times: number[] = [];
      for (let r = 0; r < RUNS; r++) {
        const started = performance.now();
        const answer = await search();
        times.push(performance.now() - started);
        equal &&= seen(answer) === seen(one);
      }
      const taken = cluster.nodes.slice(0, nodes).map((node, i) => node.queue.taken - before[i]);
      rows.push({ label, jobs: nodes === 0 ? 0 : Math.ceil(SERIES / SHARD_SERIES), p50: quantile(times, 0.5), p95: quantile(times, 0.95), taken: taken.length === 0 ? "-" : taken.join(" / "), equal });
    };
    await measure("1, no jobs", 0, () => cluster.nodes[0].alone.service.analogs(query));
    for (let nodes = 1; nodes <= 3; nodes++) {
      await cluster.nodes[nodes - 1].start();
      await measure(String(nodes), nodes, () => cluster.nodes[0].patterns.service.analogs(query));
    }
    const columns: Column<Row>[] = [
      ["series", 7, () => String(SERIES)],
      ["nodes", 11, (r) => r.label],
      ["jobs/search", 12, (r) => String(r.jobs)],
      ["p50 ms", 8, (r) => r.p50.toFixed(0)],
      ["p95 ms", 8, (r) => r.p95.toFixed(0)],
      [`jobs taken per node (${RUNS + 1} searches)`, 36, (r) => r.taken],
      ["equal to 1 node", 16, (r) => String(r.equal)],
    ];
    console.log(headerLine(columns));
    for (const row of rows) console.log(rowLine(columns, row));
    return equal ? 0 : 1;
  } finally {
    await cluster.close();
    await withPostgresClient(url, (client) => client.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
