import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createYahooFinanceClient } from "../../src/providers/prices/yahoo/yahoo-finance-client.js";
import { YahooMoversProvider } from "../../src/providers/prices/yahoo/yahoo-movers-provider.js";
import { YahooPriceProvider } from "../../src/providers/prices/yahoo/yahoo-price-provider.js";
import { FakeClock } from "../support/fake-clock.js";
import { createYahooReplayFetch, envelopeResponse, loadYahooEnvelope, type ReplayFetch } from "../support/replay-fetch.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { createTestPayer, type TestPayer } from "../support/test-payer.js";
import { startTestService, type TestService } from "../support/test-service.js";

type ChartBody = { chart: { result: { timestamp: number[]; indicators: { quote: { close: (number | null)[] }[] } }[] } };

/** Serves a recorded chart for any chart request of the symbol, whatever range the cache asks for. */
const chartFor = (symbol: string, fixture: string) => ({
  match: new RegExp(`/v8/finance/chart/${symbol.replace(/[-^=]/g, "\\$&")}\\?`),
  respond: () => envelopeResponse(loadYahooEnvelope(fixture)),
});

/**
 * The three price routes on the live Yahoo adapters, replayed from recorded responses through the injected
 * fetch (the global guard fails any real network request).
 */
describe.skipIf(!SHARED_PRESENT)("price routes on live adapters (replayed)", () => {
  let service: TestService;
  let payer: TestPayer;
  let replay: ReplayFetch;
  let upstreamDown = false;

  beforeAll(async () => {
    const clock = new FakeClock(Date.parse("2020-01-03T12:00:00Z"));
    replay = createYahooReplayFetch({
      crumbFlow: true,
      fixtures: ["dailyGainers.json"],
      routes: [
        chartFor("AAPL", "chart-AAPL-2020-01-01-to-2020-01-03.json"),
        chartFor("TSLA", "historical-via-chart-dividends-TSLA-no-dividends.json"),
        {
          match: /\/v8\/finance\/chart\/MSFT\?/,
          respond: () => (upstreamDown ? new Response("<html>Bad gateway</html>", { status: 502 }) : new Response("{}", { status: 200 })),
        },
      ],
    });
    const yahoo = createYahooFinanceClient({ fetch: replay, queueIntervalMs: 0, sleep: async () => undefined, random: () => 0.5, clock, maxRetries: 1 });
    service = await startTestService({
      clock,
      env: { MARKET_DATA_DIR: "" },
      marketData: { prices: new YahooPriceProvider({ yahoo, clock }), movers: new YahooMoversProvider({ yahoo }) },
    });
    payer = await createTestPayer(service, 50_000_000n);
  });
  afterAll(async () => {
    await service?.close();
  });

  const get = async (url: string) => {
    const res = await payer.pay(url);
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
  };

  it("serves price history from the recorded chart", async () => {
    const { status, body } = await get("/get_price_history?ticker=AAPL&start_date=2020-01-01&end_date=2020-01-02");
    expect(status).toBe(200);
    expect(body.bars).toEqual([{ date: "2020-01-02", open: 74.05999755859375, high: 75.1500015258789, low: 73.79750061035156, close: 75.0875015258789 }]);
  });

  it("serves the latest close from a full recorded history", async () => {
    const chart = loadYahooEnvelope("historical-via-chart-dividends-TSLA-no-dividends.json").response.bodyJson as ChartBody;
    // The clock says 2020-01-03, so the bars after it in the recording are the future and must not be served.
    const { timestamp, indicators } = chart.chart.result[0];
    const closes = indicators.quote[0].close.filter((c, i): c is number => c !== null && timestamp[i] * 1000 < Date.parse("2020-01-04"));
    const { status, body } = await get("/get_latest_price?ticker=TSLA");
    expect(status).toBe(200);
    expect(body.date).toBe("2020-01-03");
    expect(body.close).toBe(closes.at(-1));
    expect(body.change_pct).toBeCloseTo(closes.at(-1)! / closes.at(-2)! - 1, 12);
  });

  it("serves movers through the recorded crumb flow", async () => {
    const { status, body } = await get("/get_market_movers?category=gainers&count=5");
    expect(status).toBe(200);
    expect(body.gainers.map((m: { symbol: string }) => m.symbol)).toEqual(["U", "FTAI", "DBRG", "HAS", "GDS"]);
    expect(body.gainers[0].change_pct).toBeCloseTo(0.304145, 6);
    expect(body.source).toBe("yahoo");
  });

  it("answers upstream trouble with 503 and Retry-After, charging nothing", async () => {
    upstreamDown = true;
    const before = await payer.balance();
    const res = await get("/get_price_history?ticker=MSFT&start_date=2019-12-02&end_date=2019-12-31");
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await payer.balance()).toBe(before);
    expect(replay.misses).toEqual([]);
  });
});
