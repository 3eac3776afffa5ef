import { beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../src/domain/app-error.js";
import type { Bar, Timeframe } from "../../src/domain/bar.js";
import type { ResolvedSymbol } from "../../src/domain/resolved-symbol.js";
import { resolveSymbol } from "../../src/domain/symbol-resolver.js";
import { CsvPriceProvider } from "../../src/providers/prices/offline/csv-price-provider.js";
import type { PriceProvider } from "../../src/providers/prices/port.js";
import { BarCache } from "../../src/services/market-data/bar-cache.js";
import type { Database } from "../../src/storage/create-database.js";
import { BarStore } from "../../src/storage/repos/bar-store.js";
import { FakeClock } from "../support/fake-clock.js";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";
import { describeOnEachDatabase, emptiedBeforeEach } from "../support/test-databases.js";

const ms = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * The real CSV provider behind a counter, with a switch that makes it fail like an unreachable upstream.
 * It also serves only bars up to the fake "now", as a live source would.
 */
class ObservedProvider implements PriceProvider {
  name = "observed";
  calls: { symbol: string; fromMs: number; toMs: number }[] = [];
  down = false;

  constructor(
    private readonly inner: PriceProvider,
    private readonly clock: FakeClock,
  ) {}

  async bars(symbol: ResolvedSymbol, timeframe: Timeframe, fromMs: number, toMs: number): Promise<Bar[]> {
    this.calls.push({ symbol: symbol.source, fromMs, toMs });
    await new Promise((r) => setTimeout(r, 5)); // long enough for concurrent callers to overlap
    if (this.down) throw new AppError("UPSTREAM_UNAVAILABLE", "source down", { retryAfterSeconds: 7 });
    return this.inner.bars(symbol, timeframe, fromMs, Math.min(toMs, this.clock.nowMs() + 1));
  }
}

/**
 * A 15-minute source with Yahoo's intraday rule: nothing older than 60 days before the clock's now, and
 * nothing after it; every bar is flat at `close(tsMs)`.
 */
function intradaySource(name: string, clock: FakeClock, close: (tsMs: number) => number): PriceProvider {
  const lookbackMs = 60 * 86_400_000;
  return {
    name,
    bars: async (_symbol, _tf, fromMs, toMs) => {
      if (fromMs < clock.nowMs() - lookbackMs) throw new AppError("RANGE_UNAVAILABLE", "beyond the 60-day lookback");
      const bars: Bar[] = [];
      for (let t = Math.ceil(fromMs / 900_000) * 900_000; t < Math.min(toMs, clock.nowMs()); t += 900_000) {
        bars.push({ tsMs: t, open: 1, high: 1, low: 1, close: close(t), volume: null });
      }
      return bars;
    },
  };
}

describe.skipIf(!SHARED_PRESENT)("on the shared daily dataset", () => {
  describeOnEachDatabase("bar cache", (open) => {
    let database: Database;
    let clock: FakeClock;
    let provider: ObservedProvider;
    let cache: BarCache;
    const aapl = resolveSymbol("AAPL");

    const emptied = emptiedBeforeEach(open);

    beforeEach(() => {
      database = emptied();
      clock = new FakeClock(ms("2024-12-06") + 20 * 3_600_000); // the evening of the dataset's last AAPL day
      provider = new ObservedProvider(new CsvPriceProvider({ marketDataDir: DAILY_DATASET_DIR }), clock);
      cache = new BarCache(provider, new BarStore(database.db), clock);
    });

    it("stores on the first request and reads the second without an upstream call", async () => {
      const first = await cache.bars(aapl, "1d", ms("2020-01-02"), ms("2020-02-01"));
      expect(first.bars).toHaveLength(21);
      expect(first.cached).toBe(false);
      expect(provider.calls).toHaveLength(1);
      const second = await cache.bars(aapl, "1d", ms("2020-01-10"), ms("2020-01-20"));
      expect(second.bars.map((b) => b.tsMs)).toEqual(first.bars.filter((b) => b.tsMs >= ms("2020-01-10") && b.tsMs < ms("2020-01-20")).map((b) => b.tsMs));
      expect(provider.calls).toHaveLength(1);
    });

    it("refetches only the open tail once its TTL has passed", async () => {
      await cache.bars(aapl, "1d", ms("2024-11-01"), ms("2024-12-07"));
      clock.advance(5 * 60_000);
      await cache.bars(aapl, "1d", ms("2024-11-01"), ms("2024-12-07"));
      expect(provider.calls).toHaveLength(1); // inside the 15-minute equity TTL
      clock.advance(11 * 60_000);
      await cache.bars(aapl, "1d", ms("2024-11-01"), ms("2024-12-07"));
      expect(provider.calls).toHaveLength(2);
      const tail = provider.calls[1];
      expect(tail.fromMs).toBeGreaterThan(ms("2024-11-25")); // only the last few bars, not the whole span again
      await cache.bars(aapl, "1d", ms("2024-11-01"), ms("2024-11-20"));
      expect(provider.calls).toHaveLength(2); // closed bars never go stale
    });

    it("fetches the missing head when a request reaches before the stored span", async () => {
      await cache.bars(aapl, "1d", ms("2024-01-02"), ms("2024-02-01"));
      const wider = await cache.bars(aapl, "1d", ms("2023-12-01"), ms("2024-02-01"));
      expect(provider.calls).toHaveLength(3); // first fill, then head and tail
      expect(wider.bars[0].tsMs).toBe(ms("2023-12-01"));
      expect(wider.bars.length).toBeGreaterThan(35);
    });

    it("never serves one source's stored bars as another's", async () => {
      await cache.bars(aapl, "1d", ms("2020-01-02"), ms("2020-02-01"));
      const other = new ObservedProvider(new CsvPriceProvider({ marketDataDir: DAILY_DATASET_DIR }), clock);
      other.name = "another-source";
      await new BarCache(other, new BarStore(database.db), clock).bars(aapl, "1d", ms("2020-01-02"), ms("2020-02-01"));
      expect(other.calls).toHaveLength(1);
    });

    it("serves intraday bars beyond the source's lookback when they are already stored", async () => {
      const intraday = intradaySource("intraday-source", clock, (t) => 1 + t / 1e13);
      const intradayCache = new BarCache(intraday, new BarStore(database.db), clock);
      const from = clock.nowMs() - 2 * 86_400_000;
      const stored = await intradayCache.bars(aapl, "15m", from, from + 86_400_000);
      expect(stored.bars).toHaveLength(96);
      clock.advance(90 * 86_400_000);
      const later = await intradayCache.bars(aapl, "15m", from, from + 86_400_000);
      expect(later.bars).toEqual(stored.bars);
      await expect(intradayCache.bars(aapl, "15m", from - 86_400_000, from)).rejects.toMatchObject({ code: "RANGE_UNAVAILABLE" });
    });

    it("keeps serving an intraday series left idle past the source's lookback", async () => {
      const intraday = intradaySource("idle-intraday-source", clock, () => 2);
      const idle = new BarCache(intraday, new BarStore(database.db), clock);
      const dayMs = 86_400_000;
      await idle.bars(aapl, "15m", clock.nowMs() - dayMs, clock.nowMs());
      clock.advance(70 * dayMs);
      const recent = await idle.bars(aapl, "15m", clock.nowMs() - dayMs, clock.nowMs());
      expect(recent.bars).toHaveLength(96); // a new known span starts at the request
      // The old span's bars stay stored, but with a hole before the new span they are no longer a known
      // complete range, so a request there is honestly beyond the source's reach.
      await expect(idle.bars(aapl, "15m", clock.nowMs() - 71 * dayMs, clock.nowMs() - 70 * dayMs)).rejects.toMatchObject({ code: "RANGE_UNAVAILABLE" });
    });

    it("refetches the whole history when the source re-bases it (a split)", async () => {
      let factor = 1;
      const rebasing: PriceProvider = {
        name: "rebasing-source",
        bars: async (symbol, tf, fromMs, toMs) => {
          const bars = await new CsvPriceProvider({ marketDataDir: DAILY_DATASET_DIR }).bars(symbol, tf, fromMs, Math.min(toMs, clock.nowMs() + 1));
          return bars.map((b) => ({ ...b, open: b.open / factor, high: b.high / factor, low: b.low / factor, close: b.close / factor }));
        },
      };
      const splitting = new BarCache(rebasing, new BarStore(database.db), clock);
      const before = await splitting.bars(aapl, "1d", ms("2024-01-02"), ms("2024-12-07"));
      factor = 4; // a 4:1 split: the source now divides every past price by 4
      clock.advance(60 * 60_000);
      const after = await splitting.bars(aapl, "1d", ms("2024-01-02"), ms("2024-12-07"));
      expect(after.bars[0].close).toBeCloseTo(before.bars[0].close / 4, 9);
      expect(after.bars.at(-1)!.close).toBeCloseTo(before.bars.at(-1)!.close / 4, 9);
    });

    it("does not record an empty first answer as known history", async () => {
      let empty = true;
      const flaky: PriceProvider = {
        name: "flaky-source",
        bars: async (symbol, tf, fromMs, toMs) => (empty ? [] : new CsvPriceProvider({ marketDataDir: DAILY_DATASET_DIR }).bars(symbol, tf, fromMs, toMs)),
      };
      const cacheOnFlaky = new BarCache(flaky, new BarStore(database.db), clock);
      expect((await cacheOnFlaky.bars(aapl, "1d", ms("2020-01-02"), ms("2020-02-01"))).bars).toEqual([]);
      empty = false;
      expect((await cacheOnFlaky.bars(aapl, "1d", ms("2020-01-02"), ms("2020-02-01"))).bars).toHaveLength(21);
    });

    it("makes one upstream call for identical concurrent misses", async () => {
      const results = await Promise.all(Array.from({ length: 8 }, () => cache.bars(aapl, "1d", ms("2019-01-02"), ms("2019-02-01"))));
      expect(provider.calls).toHaveLength(1);
      for (const r of results) expect(r.bars).toHaveLength(results[0].bars.length);
    });

    it("serves stored bars flagged cached when the upstream is down, and fails when nothing is stored", async () => {
      await cache.bars(aapl, "1d", ms("2024-11-01"), ms("2024-12-07"));
      clock.advance(60 * 60_000);
      provider.down = true;
      const stale = await cache.bars(aapl, "1d", ms("2024-11-01"), ms("2024-12-07"));
      expect(stale.cached).toBe(true);
      expect(stale.bars.at(-1)?.tsMs).toBe(ms("2024-12-06"));
      await expect(cache.bars(resolveSymbol("MSFT"), "1d", ms("2024-11-01"), ms("2024-12-07"))).rejects.toMatchObject({
        code: "UPSTREAM_UNAVAILABLE",
        retryAfterSeconds: 7,
      });
    });
  });
});
