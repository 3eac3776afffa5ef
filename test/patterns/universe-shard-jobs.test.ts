import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../src/domain/app-error.js";
import type { PatternQuery, PatternResult } from "../../src/services/patterns/pattern-service.js";
import type { ShardJob, ShardOutput } from "../../src/services/patterns/shard-jobs.js";
import { builtSearchKernels } from "../support/search-kernels.js";
import { garchWalk } from "../support/seeded-rng.js";
import { startShardCluster, type ShardNode } from "../support/shard-nodes.js";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";
import { freshTestSchemaName } from "../support/test-databases.js";

const pgUrl = process.env.TEST_PG_URL;
/** Nine of the daily histories: stocks, crypto, gold, a volatility index and a currency. */
const REAL = ["SPY", "BTC-USD", "ETH-USD", "SOL-USD", "GC=F", "^VIX", "EURUSD=X", "QQQ", "TSLA"];

/** What a caller sees of an answer (the series object of each analog is the node's own copy: compared by ticker). */
function seen(result: PatternResult) {
  return {
    analogs: result.analogs.map(({ series, ...analog }) => ({ ...analog, ticker: series?.ticker })),
    summary: result.summary,
    searched: result.universe?.searched,
  };
}

/** Counts the shard jobs each node completed, and fails the first `failFirst` jobs a node takes (a crash mid-shard). */
function counting(node: ShardNode, tally: Map<string, number>, failFirst = 0) {
  let failed = 0;
  return (take: (job: ShardJob) => Promise<ShardOutput>) => async (job: ShardJob) => {
    if (failed < failFirst) {
      failed += 1;
      tally.set(`${node.name}:failed`, (tally.get(`${node.name}:failed`) ?? 0) + 1);
      throw new Error("injected shard failure");
    }
    const output = await take(job);
    tally.set(node.name, (tally.get(node.name) ?? 0) + 1);
    return output;
  };
}

describe.skipIf(pgUrl === undefined || pgUrl === "" || !SHARED_PRESENT)("universe shard jobs on PostgreSQL (pg-boss), two nodes", () => {
  builtSearchKernels();
  const url = pgUrl as string;

  describe("nine daily histories, cut into shard jobs of 2 series", () => {
    let cluster: Awaited<ReturnType<typeof startShardCluster>>;
    const tally = new Map<string, number>();
    beforeAll(async () => {
      cluster = await startShardCluster({ url, schema: freshTestSchemaName(), nodes: 2, marketDataDir: DAILY_DATASET_DIR, limits: { aboveSeries: 4, seriesPerJob: 2, timeoutMs: 60_000 } });
      const [a, b] = cluster.nodes;
      // Node b fails the first shard it takes: pg-boss hands that job out again.
      await Promise.all([a.start(counting(a, tally)), b.start(counting(b, tally, 1))]);
    }, 120_000);
    afterAll(() => cluster?.close());

    it("both nodes take shards, a failed shard is retried, and the merge equals one node's answer", async () => {
      const [a, b] = cluster.nodes;
      const query: PatternQuery = { ticker: "SPY", timeframe: "1d", startMs: Date.UTC(2020, 1, 3), endMs: Date.UTC(2020, 2, 3), k: 15, metric: "l2", wrap: false, universe: REAL, summarize: true };
      const one = await a.alone.service.analogs(query);
      const sharded = await a.patterns.service.analogs(query);
      expect(seen(sharded)).toEqual(seen(one));
      expect(one.analogs.length).toBe(15);
      // 9 series (SPY is the query's own and listed once) in jobs of about 2: 5 jobs, one of them taken twice.
      expect((tally.get("a") ?? 0) + (tally.get("b") ?? 0)).toBe(5);
      expect(tally.get("b:failed")).toBe(1);
      expect(tally.get("b") ?? 0).toBeGreaterThan(0);
      // Asked on the other node, L1 with wrapped windows: the same answer as that node alone.
      const l1 = { ...query, ticker: "BTC-USD", metric: "l1" as const, wrap: true, k: 40 };
      expect(seen(await b.patterns.service.analogs(l1))).toEqual(seen(await b.alone.service.analogs(l1)));
    }, 180_000);
  });

  describe("random walks with exact copies (ties across shard jobs)", () => {
    let cluster: Awaited<ReturnType<typeof startShardCluster>>;
    let dir: string;
    const tickers = Array.from({ length: 24 }, (_, i) => `ZW${String.fromCharCode(65 + i)}`);
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-ties-"));
      const walks = tickers.map((_, i) => garchWalk({ length: 1_500 + 40 * i, seed: 500 + i, volPerBar: 0.015 }));
      // Walk 3 is repeated in 9, 15 and 21: each of its windows ties with theirs, in other jobs.
      for (const copy of [9, 15, 21]) walks[copy] = walks[3].slice();
      tickers.forEach((ticker, i) => fs.writeFileSync(path.join(dir, `${ticker}.csv`), csvOf(walks[i])));
      cluster = await startShardCluster({ url, schema: freshTestSchemaName(), nodes: 2, marketDataDir: dir, limits: { aboveSeries: 8, seriesPerJob: 4, timeoutMs: 60_000 } });
      await Promise.all(cluster.nodes.map((node) => node.start()));
    }, 120_000);
    afterAll(async () => {
      await cluster?.close();
      if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
    });

    it("gives the one-node matches, distances and order, ties included", async () => {
      const [a] = cluster.nodes;
      for (const metric of ["l2", "l1"] as const) {
        const query: PatternQuery = { ticker: "ZWD", timeframe: "1d", startMs: Date.UTC(2003, 0, 6), endMs: Date.UTC(2003, 1, 17), k: 30, metric, wrap: false, universe: tickers, summarize: false };
        const one = await a.alone.service.analogs(query);
        const sharded = await a.patterns.service.analogs(query);
        expect(seen(sharded), metric).toEqual(seen(one));
        if (metric === "l1") continue;
        // The ties really happen (under L2 here; the walk's own windows rank lower under L1).
        const twins = one.analogs.filter((analog) => ["ZWD", "ZWJ", "ZWP", "ZWV"].includes(analog.series!.ticker));
        expect(new Set(twins.map((analog) => analog.distance)).size).toBeLessThan(twins.length);
      }
    }, 180_000);
  });

  describe("no node takes the jobs", () => {
    let cluster: Awaited<ReturnType<typeof startShardCluster>>;
    beforeAll(async () => {
      cluster = await startShardCluster({ url, schema: freshTestSchemaName(), nodes: 1, marketDataDir: DAILY_DATASET_DIR, limits: { aboveSeries: 4, seriesPerJob: 3, timeoutMs: 400 }, queue: { timeoutMs: 400 } });
    }, 120_000);
    afterAll(() => cluster?.close());

    it("the asking node gives up after the timeout with 503 BUSY and a Retry-After, and deletes its jobs", async () => {
      const [a] = cluster.nodes;
      const query: PatternQuery = { ticker: "SPY", timeframe: "1d", startMs: Date.UTC(2020, 1, 3), endMs: Date.UTC(2020, 2, 3), k: 5, metric: "l2", wrap: false, universe: REAL };
      const error = await a.patterns.service.analogs(query).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("BUSY");
      expect((error as AppError).retryAfterSeconds).toBeGreaterThan(0);
      // The deleted jobs are not left for a node that starts later.
      await a.start();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(a.queue.taken).toBe(0);
    }, 180_000);
  });
});

/** Weekday daily bars from 2000-01-03; closes written in their shortest exact form, so the store reads them back exactly. */
function csvOf(closes: Float64Array): string {
  const lines = ["date,open,high,low,close,volume"];
  let day = Date.UTC(2000, 0, 3);
  for (const close of closes) {
    while ([0, 6].includes(new Date(day).getUTCDay())) day += 86_400_000;
    const date = new Date(day).toISOString().slice(0, 10);
    lines.push(`${date},${close},${close},${close},${close},0`);
    day += 86_400_000;
  }
  return lines.join("\n") + "\n";
}
