import { describe, expect, it } from "vitest";
import type { PriceSeries } from "../../analytics/price-series.js";
import { forgetHistory, HELD_BYTES_PER_BAR, heldHistories, historyFor, limitHeldBytes, MissingHistory } from "./search-worker-cache.js";

function history(ticker: string, bars: number): PriceSeries {
  const closes = Float64Array.from({ length: bars }, (_, i) => 100 + Math.sin(i / 7) + i / 100);
  const times = Float64Array.from(closes, (_, i) => i * 86_400_000);
  return { ticker, timeframe: "1d", timesMs: times, opens: closes, highs: closes, lows: closes, closes, breakBefore: new Uint8Array(bars) };
}

describe("the workers' cache of prepared histories, bounded by bytes", () => {
  it("holds a 50-series universe of short histories that an entry bound of 24 evicted, and evicts by bytes, oldest first", () => {
    limitHeldBytes(60 * 6_000 * HELD_BYTES_PER_BAR);
    const universe = Array.from({ length: 50 }, (_, i) => history(`U${i}`, 6_000));
    universe.forEach((one, i) => historyFor({ key: one.ticker, version: i + 1, ticker: one.ticker, history: one }));
    // All 50 are held: a second pass by reference needs no bars.
    universe.forEach((one, i) => expect(historyFor({ key: one.ticker, version: i + 1, ticker: one.ticker }).series.closes).toBe(one.closes));
    expect(heldHistories()).toEqual({ entries: 50, bytes: 50 * 6_000 * HELD_BYTES_PER_BAR });
    // One long history of 15 series' bytes pushes out the 5 least recently used (U0..U4), nothing more.
    const long = history("LONG", 90_000);
    historyFor({ key: "LONG", version: 99, ticker: "LONG", history: long });
    expect(heldHistories().entries).toBe(46);
    expect(() => historyFor({ key: "U0", version: 1, ticker: "U0" })).toThrow(MissingHistory);
    expect(() => historyFor({ key: "U4", version: 5, ticker: "U4" })).toThrow(MissingHistory);
    expect(historyFor({ key: "U5", version: 6, ticker: "U5" }).series.closes).toBe(universe[5].closes);
    // Refetched with its bars, an evicted history is prepared afresh and searched exactly as before.
    const again = historyFor({ key: "U0", version: 1, ticker: "U0", history: universe[0] });
    expect(again.prepared.values).toEqual(universe[0].closes);
    // A new version of a held key replaces it and is never answered from the old one.
    expect(() => historyFor({ key: "U6", version: 1000, ticker: "U6" })).toThrow(MissingHistory);
    for (const key of [...universe.map((one) => one.ticker), "LONG"]) forgetHistory(key);
    expect(heldHistories()).toEqual({ entries: 0, bytes: 0 });
  });
});
