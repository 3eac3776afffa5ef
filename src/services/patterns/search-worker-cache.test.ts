import { describe, expect, it } from "vitest";
import type { PriceSeries } from "../../analytics/price-series.js";
import { beginJob, forgetHistory, HELD_BYTES_PER_BAR, heldHistories, historyFor, limitHeldBytes, MissingHistory, takeDroppedKeys } from "./search-worker-cache.js";

function history(ticker: string, bars: number): PriceSeries {
  const closes = Float64Array.from({ length: bars }, (_, i) => 100 + Math.sin(i / 7) + i / 100);
  const times = Float64Array.from(closes, (_, i) => i * 86_400_000);
  return { ticker, timeframe: "1d", timesMs: times, opens: closes, highs: closes, lows: closes, closes, breakBefore: new Uint8Array(bars) };
}

describe("the workers' cache of prepared histories, bounded by bytes", () => {
  it("holds a 50-series universe of short histories that an entry bound of 24 evicted, and evicts by bytes, oldest first", () => {
    limitHeldBytes(60 * 6_000 * HELD_BYTES_PER_BAR);
    const universe = Array.from({ length: 50 }, (_, i) => history(`U${i}`, 6_000));
    beginJob();
    universe.forEach((one, i) => historyFor({ key: one.ticker, version: i + 1, ticker: one.ticker, history: one }));
    // All 50 are held: a second pass by reference needs no bars.
    beginJob();
    universe.forEach((one, i) => expect(historyFor({ key: one.ticker, version: i + 1, ticker: one.ticker }).series.closes).toBe(one.closes));
    expect(heldHistories()).toEqual({ entries: 50, bytes: 50 * 6_000 * HELD_BYTES_PER_BAR });
    // One long history of 15 series' bytes pushes out the 5 least recently used (U0..U4), nothing more.
    const long = history("LONG", 90_000);
    beginJob();
    historyFor({ key: "LONG", version: 99, ticker: "LONG", history: long });
    expect(heldHistories().entries).toBe(46);
    expect(takeDroppedKeys()).toEqual(["U0", "U1", "U2", "U3", "U4"]);
    beginJob();
    expect(() => historyFor({ key: "U0", version: 1, ticker: "U0" })).toThrow(MissingHistory);
    expect(() => historyFor({ key: "U4", version: 5, ticker: "U4" })).toThrow(MissingHistory);
    expect(historyFor({ key: "U5", version: 6, ticker: "U5" }).series.closes).toBe(universe[5].closes);
    // Refetched with its bars, an evicted history is prepared afresh and searched exactly as before.
    const again = historyFor({ key: "U0", version: 1, ticker: "U0", history: universe[0] });
    // Used as it is, not copied: a worker's histories are never written to.
    expect(again.prepared.values).toBe(universe[0].closes);
    // A new version of a held key replaces it and is never answered from the old one.
    expect(() => historyFor({ key: "U6", version: 1000, ticker: "U6" })).toThrow(MissingHistory);
    for (const key of [...universe.map((one) => one.ticker), "LONG"]) forgetHistory(key);
    expect(heldHistories()).toEqual({ entries: 0, bytes: 0 });
  });

  it("keeps the same histories held when every job names more than the bound holds, and prepares only the surplus again", () => {
    limitHeldBytes(20 * 1_000 * HELD_BYTES_PER_BAR);
    const universe = Array.from({ length: 30 }, (_, i) => history(`S${i}`, 1_000));
    takeDroppedKeys();
    const pass = () => {
      beginJob();
      return universe.map((one, i) => historyFor({ key: one.ticker, version: i + 1, ticker: one.ticker, history: one }).prepared);
    };
    const first = pass();
    // The first 20 fit; the last 10 were prepared for that job only, and the pool is told so.
    expect(heldHistories()).toEqual({ entries: 20, bytes: 20 * 1_000 * HELD_BYTES_PER_BAR });
    expect(takeDroppedKeys()).toEqual(universe.slice(20).map((one) => one.ticker));
    const second = pass();
    // Plain LRU would have evicted S0..S9 for S20..S29 and so on: here the first 20 are the very same preparations.
    second.slice(0, 20).forEach((prepared, i) => expect(prepared).toBe(first[i]));
    second.slice(20).forEach((prepared, i) => expect(prepared).not.toBe(first[20 + i]));
    expect(takeDroppedKeys()).toEqual(universe.slice(20).map((one) => one.ticker));
    // Within a job a history named twice is one preparation, held or not; by reference it is missing once the job ends.
    beginJob();
    universe.slice(0, 20).forEach((one, i) => historyFor({ key: one.ticker, version: i + 1, ticker: one.ticker }));
    const twice = [29, 29].map(() => historyFor({ key: "S29", version: 30, ticker: "S29", history: universe[29] }).prepared);
    expect(twice[1]).toBe(twice[0]);
    expect(heldHistories().entries).toBe(20);
    beginJob();
    expect(() => historyFor({ key: "S29", version: 30, ticker: "S29" })).toThrow(MissingHistory);
    for (const one of universe) forgetHistory(one.ticker);
  });
});
