import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveSymbol } from "../../src/domain/symbol-resolver.js";
import { BarCache } from "../../src/services/market-data/bar-cache.js";
import { SeriesCache } from "../../src/services/market-data/series-cache.js";
import { createDatabase, type Database } from "../../src/storage/create-database.js";
import { BarStore } from "../../src/storage/repos/bar-store.js";
import { CountingPriceProvider } from "../support/counting-price-provider.js";
import { FakeClock } from "../support/fake-clock.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";


describe.skipIf(!SHARED_PRESENT)("series cache preload (start-up warm-up)", () => {
  let database: Database;
  let provider: CountingPriceProvider;
  let clock: FakeClock;
  const cacheOver = (db: Database) => new SeriesCache(resolveSymbol, new BarCache(provider, new BarStore(db.db), clock), clock);

  beforeEach(async () => {
    database = await createDatabase({ kind: "sqlite", file: ":memory:" });
    provider = new CountingPriceProvider();
    clock = new FakeClock(Date.parse("2024-12-06T20:00:00Z"));
  });
  afterEach(async () => {
    await database.close();
  });

  it("loads only the histories the store already holds, skips unknown tickers, and serves them without another read", async () => {
    await cacheOver(database).load("AAPL", "1d"); // an earlier run served AAPL: its bars are stored
    provider.asked = [];
    const restarted = cacheOver(database);

    expect(await restarted.preload(["AAPL", "MSFT", "NOT-A-TICKER"], "1d")).toEqual(["AAPL"]);
    expect(provider.asked).toEqual([]); // inside the tail TTL, and MSFT (never served) is not fetched

    const first = await restarted.load("AAPL", "1d");
    expect(await restarted.load("AAPL", "1d")).toBe(first);
    expect(first.series.closes.length).toBeGreaterThan(5_000);
  });

  it("loads a history whose search columns live in shared memory (posted to the search workers without a copy), with the bars' values", async () => {
    const { series } = await cacheOver(database).load("AAPL", "1d");
    expect(series.closes.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(series.breakBefore.buffer).toBeInstanceOf(SharedArrayBuffer);
    const bars = await provider.bars(resolveSymbol("AAPL"), "1d", 0, Date.parse("2024-12-07"));
    expect(Array.from(series.closes)).toEqual(bars.map((bar) => bar.close));
    expect(series.breakBefore.length).toBe(bars.length);
  });

  it("refreshes a stale tail while preloading, as the first caller would have", async () => {
    await cacheOver(database).load("SPY", "1d");
    provider.asked = [];
    clock.advance(60 * 60_000); // past the 15-minute equity tail TTL: a restart an hour later
    expect(await cacheOver(database).preload(["SPY"], "1d")).toEqual(["SPY"]);
    expect(provider.asked).toEqual(["SPY"]);
  });
});
