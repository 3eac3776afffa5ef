import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MARKET_UNIVERSE, MAX_UNIVERSE_SYMBOLS } from "../../src/domain/market-universe.js";
import { resolveSymbol } from "../../src/domain/symbol-resolver.js";
import { BarCache } from "../../src/services/market-data/bar-cache.js";
import { StoredBarHistories } from "../../src/services/market-data/stored-bar-histories.js";
import { UniverseSeries } from "../../src/services/patterns/stored-universe.js";
import { createDatabase, type Database } from "../../src/storage/create-database.js";
import { BarStore } from "../../src/storage/repos/bar-store.js";
import { CountingPriceProvider } from "../support/counting-price-provider.js";
import { FakeClock } from "../support/fake-clock.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";


it("the live market list: a named version, at least 500 symbols, each resolving to its own source, under the explicit bound", () => {
  expect(MARKET_UNIVERSE.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(MARKET_UNIVERSE.symbols.length).toBeGreaterThanOrEqual(500);
  expect(MARKET_UNIVERSE.symbols.length).toBeLessThanOrEqual(MAX_UNIVERSE_SYMBOLS);
  const sources = MARKET_UNIVERSE.symbols.map((ticker) => resolveSymbol(ticker).source);
  expect(new Set(sources).size).toBe(sources.length);
  const classes = new Set(MARKET_UNIVERSE.symbols.map((ticker) => resolveSymbol(ticker).assetClass));
  expect([...classes].sort()).toEqual(["commodity", "crypto", "equity", "etf", "fx", "index", "rate"]);
});

describe.skipIf(!SHARED_PRESENT)("a live node's universe reads stored histories only", () => {
  let database: Database;
  let provider: CountingPriceProvider;
  let clock: FakeClock;
  let barCache: BarCache;

  beforeEach(async () => {
    database = await createDatabase({ kind: "sqlite", file: ":memory:" });
    provider = new CountingPriceProvider();
    clock = new FakeClock(Date.parse("2024-12-06T20:00:00Z"));
    barCache = new BarCache(provider, new BarStore(database.db), clock);
  });
  afterEach(async () => {
    await database.close();
  });

  it("serves a stored history's exact bars, answers null for one never stored, and never asks the source", async () => {
    const aapl = resolveSymbol("AAPL");
    const { bars } = await barCache.bars(aapl, "1d", 0, clock.nowMs() + 86_400_000);
    provider.asked = [];
    const histories = new StoredBarHistories(barCache, MARKET_UNIVERSE);
    expect(await histories.all()).toEqual({ version: MARKET_UNIVERSE.version, source: "list", symbols: MARKET_UNIVERSE.symbols });
    const columns = (await histories.daily(aapl))!;
    expect(Array.from(columns.close)).toEqual(bars.map((bar) => bar.close));
    expect(Array.from(columns.days, (day) => day * 86_400_000)).toEqual(bars.map((bar) => bar.tsMs));
    expect(await histories.daily(resolveSymbol("MSFT"))).toBeNull();
    expect(provider.asked).toEqual([]);
  });

  it("keeps one series per history across calls (the search workers keep their copies), reads the store again after the tail TTL (a database read is new columns, so a new series with the same values), and holds no more than its byte bound", async () => {
    for (const ticker of ["AAPL", "MSFT", "SPY"]) await barCache.bars(resolveSymbol(ticker), "1d", 0, clock.nowMs() + 86_400_000);
    const histories = new StoredBarHistories(barCache, MARKET_UNIVERSE);
    const series = new UniverseSeries(histories, clock, 2 * 11_000 * 53);
    const first = (await series.load(resolveSymbol("AAPL")))!;
    expect(await series.load(resolveSymbol("AAPL"))).toBe(first);
    expect(first.closes.buffer).toBeInstanceOf(SharedArrayBuffer);
    clock.advance(16 * 60_000); // past the tail TTL: read again; a live read is new columns, so a new series
    const reread = (await series.load(resolveSymbol("AAPL")))!;
    expect(reread).not.toBe(first);
    expect(Array.from(reread.closes)).toEqual(Array.from(first.closes));
    await series.load(resolveSymbol("MSFT"));
    await series.load(resolveSymbol("SPY"));
    expect(series.held().entries).toBeLessThan(3);
    expect(series.held().bytes).toBeLessThanOrEqual(2 * 11_000 * 53);
    expect(await series.load(resolveSymbol("NVDA"))).toBeNull();
  });
});
