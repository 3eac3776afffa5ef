import { afterAll, describe, expect, it } from "vitest";
import { readDataset } from "../../../test/forecasts/forecast-oracle.js";
import { builtSearchKernels } from "../../../test/support/search-kernels.js";
import { garchWalk } from "../../../test/support/seeded-rng.js";
import { SHARED_PRESENT } from "../../../test/support/shared-paths.js";
import { acrossExcludeRanges } from "../../analytics/cross-series-analogs.js";
import { patternAnalogs } from "../../analytics/pattern-analogs.js";
import { gapBreaks, type PriceSeries } from "../../analytics/price-series.js";
import { prepareSeries } from "../../core/prepared-series.js";
import { loadSearchKernels } from "./search-kernels.js";
import { SearchWorkerPool } from "./search-worker-pool.js";
import { cutBySize, searchUniverse, type UniverseEntry } from "./universe-search.js";

const DATASETS = ["SPY", "AAPL", "AMZN", "BRENT", "BTC-USD", "ETH-USD", "EURUSD", "GOLD", "GOOGL", "MSFT", "NVDA", "QQQ", "SOL-USD", "TSLA", "US10Y", "VIX", "WTI"];

function history(ticker: string, closes: Float64Array, timesMs?: Float64Array): PriceSeries {
  const times = timesMs ?? Float64Array.from(closes, (_, i) => Date.UTC(2000, 0, 3) + i * 86_400_000);
  return { ticker, timeframe: "1d", timesMs: times, opens: closes, highs: closes, lows: closes, closes, breakBefore: gapBreaks(times, "1d") };
}

/** The one-worker answer, computed here with the same kernels the workers load. */
function oneList(list: readonly UniverseEntry[], search: Parameters<typeof searchUniverse>[2]) {
  const prepared = list.map((entry) => ({ series: entry.series, prepared: prepareSeries(entry.series.closes, entry.series.breakBefore) }));
  return patternAnalogs(prepared, { ...search, outcomeKinds: list.map((entry) => entry.kind) });
}

describe("a universe search split into shards on every worker", () => {
  builtSearchKernels();
  loadSearchKernels();
  const pool = new SearchWorkerPool(2);
  afterAll(() => pool.close());

  async function expectSameAsOneWorker(list: UniverseEntry[], queryStart: number, m: number, label: string) {
    const excludeRanges = acrossExcludeRanges(list, queryStart, m, 30);
    for (const metric of ["l2", "l1"] as const)
      for (const wrap of [false, true])
        for (const k of [1, 7, 50]) {
          const search = { queryStart, m, k, metric, wrap, summarize: k === 7, excludeRanges };
          const one = oneList(list, search);
          for (const shards of [2, 3]) {
            const sharded = await searchUniverse(pool, list, search, shards);
            const where = `${label} ${metric} wrap=${wrap} k=${k} shards=${shards}`;
            expect(sharded.analogs.length, where).toBe(Math.min(k, one.analogs.length));
            expect(sharded, where).toEqual(one);
          }
        }
  }

  it.skipIf(!SHARED_PRESENT)("gives the one-worker matches, distances, order and summary on the 17 dataset histories", async () => {
    const list = DATASETS.map((name) => {
      const data = readDataset(`${name}.csv`);
      return { series: history(name, data.closes, Float64Array.from(data.times)), kind: name === "US10Y" ? "rate" : name === "VIX" ? "volatility" : "price" } as UniverseEntry;
    });
    const spyStart = readDataset("SPY.csv").dates.indexOf("2020-02-20");
    await expectSameAsOneWorker(list, spyStart, 22, "datasets m=22");
    await expectSameAsOneWorker(list, spyStart, 120, "datasets m=120");
  });

  it("gives the one-worker answer on random walks, ties between copies of one walk included", async () => {
    const walks = Array.from({ length: 12 }, (_, i) => garchWalk({ length: 3_000 + 250 * i, seed: 100 + i, volPerBar: 0.012 }));
    // Series 3, 7 and 11 repeat walk 2: every window of theirs ties with walk 2's, in another shard.
    for (const copy of [3, 7, 11]) walks[copy] = walks[2].slice();
    const list = walks.map((closes, i) => ({ series: history(`W${i}`, closes), kind: "price" as const }));
    await expectSameAsOneWorker(list, 2_000, 40, "walks");
    const tied = await searchUniverse(pool, list, { queryStart: 2_000, m: 40, k: 12, metric: "l2", wrap: false, summarize: false, excludeRanges: acrossExcludeRanges(list, 2_000, 40, 30) });
    const twins = tied.analogs.filter((a) => [2, 3, 7, 11].includes(a.seriesIndex));
    expect(new Set(twins.map((a) => a.distance)).size).toBeLessThan(twins.length); // the tie really happens
  });

  it("cuts a list into contiguous runs of about equal bars, in list order", () => {
    const list = [5, 5, 5, 5, 20, 1, 1].map((n, i) => ({ series: history(`S${i}`, new Float64Array(n * 100).fill(1)) }));
    expect(cutBySize(list, 2)).toEqual([[0, 1, 2, 3], [4, 5, 6]]);
    expect(cutBySize(list, 3).flat()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(cutBySize(list.slice(0, 1), 4)).toEqual([[0]]);
  });
});
