import { afterAll, describe, expect, it } from "vitest";
import { builtSearchKernels } from "../../../test/support/search-kernels.js";
import { garchWalk } from "../../../test/support/seeded-rng.js";
import { acrossExcludeRanges } from "../../analytics/cross-series-analogs.js";
import { gapBreaks, type PriceSeries } from "../../analytics/price-series.js";
import { SearchWorkerPool } from "./search-worker-pool.js";
import { ShardJobExecutor, shardJobTaker, type ShardJob, type ShardOutput, type ShardQueue } from "./shard-jobs.js";
import { localShards, searchUniverse, type UniverseEntry } from "./universe-search.js";

function history(ticker: string, closes: Float64Array): PriceSeries {
  const timesMs = Float64Array.from(closes, (_, i) => Date.UTC(2000, 0, 3) + i * 86_400_000);
  return { ticker, timeframe: "1d", timesMs, opens: closes, highs: closes, lows: closes, closes, breakBefore: gapBreaks(timesMs, "1d") };
}

/**
 * The queue's contract without PostgreSQL (test/patterns/universe-shard-jobs.test.ts runs it on pg-boss): every
 * job goes through JSON, as a job row's data and output do, to a node whose histories `held` gives.
 */
function jsonQueue(take: (job: ShardJob) => Promise<ShardOutput>): ShardQueue & { sent: number } {
  const queue = {
    sent: 0,
    runAll: async (jobs: readonly ShardJob[]) => {
      queue.sent += jobs.length;
      return Promise.all(jobs.map(async (job) => JSON.parse(JSON.stringify(await take(JSON.parse(JSON.stringify(job))))) as ShardOutput));
    },
  };
  return queue;
}

/** A jsonQueue that also keeps every output the taking node answered. */
function recordingQueue(take: (job: ShardJob) => Promise<ShardOutput>): { queue: ShardQueue; outputs: ShardOutput[] } {
  const outputs: ShardOutput[] = [];
  const queue = jsonQueue(async (job) => {
    const output = await take(job);
    outputs.push(output);
    return output;
  });
  return { queue, outputs };
}

describe("shard jobs: histories named by ticker and fingerprint", () => {
  builtSearchKernels();
  const pool = new SearchWorkerPool(2);
  afterAll(() => pool.close());
  const walks = Array.from({ length: 10 }, (_, i) => garchWalk({ length: 1_200 + 50 * i, seed: 40 + i, volPerBar: 0.01 }));
  const list: UniverseEntry[] = walks.map((closes, i) => ({ series: history(`W${String.fromCharCode(65 + i)}`, closes), kind: "price" }));
  const search = { queryStart: 900, m: 30, k: 12, metric: "l2" as const, wrap: true, summarize: true, excludeRanges: acrossExcludeRanges(list, 900, 30, 30) };
  const limits = { aboveSeries: 4, seriesPerJob: 3 };

  it("a node holding longer histories searches only the asking node's bars: the answer equals one worker's", async () => {
    // The taking node loaded later: every history has 40 more bars (a newer tail).
    const longer = new Map(list.map((entry, i) => [entry.series.ticker, history(entry.series.ticker, Float64Array.from([...walks[i], ...garchWalk({ length: 40, seed: 9, volPerBar: 0.01 })]))]));
    const queue = jsonQueue(shardJobTaker(async (ticker) => longer.get(ticker)!, localShards(pool)));
    const sharded = await searchUniverse(pool, list, search, new ShardJobExecutor(queue, localShards(pool), limits));
    expect(queue.sent).toBe(4);
    expect(sharded).toEqual(await searchUniverse(pool, list, search, 1));
  });

  it("a node whose stored bars differ says which, and the asking node runs that shard itself", async () => {
    const revised = walks.map((closes) => closes.slice());
    revised[5][700] *= 1.001; // a revision inside the asking node's span
    const take = shardJobTaker(async (ticker) => history(ticker, revised[ticker.charCodeAt(1) - 65]), localShards(pool));
    const { queue, outputs } = recordingQueue(take);
    const sharded = await searchUniverse(pool, list, search, new ShardJobExecutor(queue, localShards(pool), limits));
    expect(outputs.filter((output) => "stale" in output)).toEqual([{ stale: ["WF"] }]);
    expect(sharded).toEqual(await searchUniverse(pool, list, search, 1));
  });

  it("a node that holds no copy of a history says so, and the asking node runs that shard itself", async () => {
    const take = shardJobTaker(async (ticker) => (ticker === "WC" ? null : list[ticker.charCodeAt(1) - 65].series), localShards(pool));
    const { queue, outputs } = recordingQueue(take);
    const sharded = await searchUniverse(pool, list, search, new ShardJobExecutor(queue, localShards(pool), limits));
    expect(outputs.filter((output) => "stale" in output)).toEqual([{ stale: ["WC"] }]);
    expect(sharded).toEqual(await searchUniverse(pool, list, search, 1));
  });
});
