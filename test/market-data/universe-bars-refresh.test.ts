import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Bar, Timeframe } from "../../src/domain/bar.js";
import type { ResolvedSymbol } from "../../src/domain/resolved-symbol.js";
import { resolveSymbol } from "../../src/domain/symbol-resolver.js";
import { lastUsCloseMs } from "../../src/domain/us-market-close.js";
import { RequestSpacer } from "../../src/providers/http/request-spacer.js";
import { CsvPriceProvider } from "../../src/providers/prices/offline/csv-price-provider.js";
import type { PriceProvider } from "../../src/providers/prices/port.js";
import { SpacedPriceProvider } from "../../src/providers/prices/spaced-price-provider.js";
import { UNIVERSE_REFRESH_SPACING_MS } from "../../src/main/build-market-data.js";
import { BarCache } from "../../src/services/market-data/bar-cache.js";
import { UniverseBarsRefresh } from "../../src/services/market-data/universe-bars-refresh.js";
import { BarStore } from "../../src/storage/repos/bar-store.js";
import { FakeClock } from "../support/fake-clock.js";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";
import { describeOnEachDatabase } from "../support/test-databases.js";

const silent = pino({ level: "silent" });
const moveTo = (clock: FakeClock, iso: string) => clock.advance(Date.parse(iso) - clock.nowMs());
const LIST = ["SPY", "AAPL", "GC=F", "BTC-USD", "^VIX"];

/** The offline files as a live source that knows only bars up to the clock's now, with every request's time recorded. */
class RecordedSource implements PriceProvider {
  readonly name = "recorded";
  readonly requestsAtMs: number[] = [];
  private readonly files = new CsvPriceProvider({ marketDataDir: DAILY_DATASET_DIR });

  constructor(private readonly clock: FakeClock) {}

  async bars(symbol: ResolvedSymbol, timeframe: Timeframe, fromMs: number, toMs: number): Promise<Bar[]> {
    this.requestsAtMs.push(this.clock.nowMs());
    return this.files.bars(symbol, timeframe, fromMs, Math.min(toMs, this.clock.nowMs()));
  }
}

describe("the last US close", () => {
  it("is 16:00 in New York on the latest weekday, in summer and winter time", () => {
    expect(new Date(lastUsCloseMs(Date.parse("2024-07-01T20:30:00Z"))).toISOString()).toBe("2024-07-01T20:00:00.000Z");
    expect(new Date(lastUsCloseMs(Date.parse("2024-12-02T20:30:00Z"))).toISOString()).toBe("2024-11-29T21:00:00.000Z");
    expect(new Date(lastUsCloseMs(Date.parse("2024-12-02T21:00:00Z"))).toISOString()).toBe("2024-12-02T21:00:00.000Z");
    // Saturday and Monday morning: Friday's close.
    expect(new Date(lastUsCloseMs(Date.parse("2024-11-30T12:00:00Z"))).toISOString()).toBe("2024-11-29T21:00:00.000Z");
    expect(new Date(lastUsCloseMs(Date.parse("2024-12-02T15:00:00Z"))).toISOString()).toBe("2024-11-29T21:00:00.000Z");
  });
});

describe.skipIf(!SHARED_PRESENT)("the universe bars refresh", () => {
  describeOnEachDatabase("universe refresh", (open) => {
    it("fetches every listed history after a close, one request a second, then skips them until the next close", async () => {
      const database = await open();
      const clock = new FakeClock(Date.parse("2024-11-05T22:00:00Z"));
      const source = new RecordedSource(clock);
      // As build-market-data wires it, with a sleep that moves the fake clock.
      const spacer = new RequestSpacer(UNIVERSE_REFRESH_SPACING_MS, clock, async (ms) => clock.advance(ms));
      const store = new BarStore(database.db);
      const refresh = new UniverseBarsRefresh(() => LIST, resolveSymbol, new BarCache(new SpacedPriceProvider(source, spacer), store, clock));
      const run = () => refresh.refreshDue(clock.nowMs(), silent, new AbortController().signal);

      expect(await run()).toEqual({ symbols: 5, fresh: 0, refreshed: 5, failed: 0 });
      expect(source.requestsAtMs).toHaveLength(5);
      const gaps = source.requestsAtMs.slice(1).map((t, i) => t - source.requestsAtMs[i]);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(UNIVERSE_REFRESH_SPACING_MS);
      expect((await store.last("recorded:SPY", "1d", 1))[0].tsMs).toBe(Date.parse("2024-11-05T00:00:00Z"));

      // Later the same evening and the next morning: everything is fresh, no request.
      clock.advance(15 * 60_000);
      expect(await run()).toMatchObject({ fresh: 5, refreshed: 0 });
      moveTo(clock, "2024-11-06T15:00:00Z");
      expect(await run()).toMatchObject({ fresh: 5, refreshed: 0 });
      expect(source.requestsAtMs).toHaveLength(5);

      // Before the next close has settled, still nothing; after it, one tail request per symbol.
      moveTo(clock, "2024-11-06T21:10:00Z");
      expect(await run()).toMatchObject({ fresh: 5, refreshed: 0 });
      moveTo(clock, "2024-11-06T21:45:00Z");
      expect(await run()).toMatchObject({ fresh: 0, refreshed: 5 });
      expect(source.requestsAtMs).toHaveLength(10);
      expect((await store.last("recorded:SPY", "1d", 1))[0].tsMs).toBe(Date.parse("2024-11-06T00:00:00Z"));
    });

    it("skips a symbol the source refuses, and refreshes the others", async () => {
      const clock = new FakeClock(Date.parse("2024-11-05T22:00:00Z"));
      const refresh = new UniverseBarsRefresh(() => ["ZZZZQ", "^VIX"], resolveSymbol, new BarCache(new RecordedSource(clock), new BarStore((await open()).db), clock));
      expect(await refresh.refreshDue(clock.nowMs(), silent, new AbortController().signal)).toEqual({ symbols: 2, fresh: 0, refreshed: 1, failed: 1 });
    });
  });
});
