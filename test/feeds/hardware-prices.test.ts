import { afterAll, beforeAll, expect, it } from "vitest";
import { readCsvBars } from "../reference/naive-signal-replay.js";
import { paidRoutes } from "../support/paid-routes.js";
import { DAILY_DATASET_DIR } from "../support/shared-paths.js";
import { summarizeRetail } from "../../src/services/feeds/hardware-service.js";
import { FakeClock } from "../support/fake-clock.js";
import { createYahooReplayFetch, describeWithShared, envelopeResponse, loadYahooEnvelope } from "../support/replay-fetch.js";
import { createTestPayer, type TestPayer } from "../support/test-payer.js";
import { startTestService, type TestService } from "../support/test-service.js";

/** Test input in the documented HARDWARE_PRICES_URL format (README); no public source is recorded. */
const RETAIL = {
  as_of: "2026-08-10",
  source: "test retail source",
  products: [
    { category: "gpu", name: "G1", brand: "A", price: 300 },
    { category: "gpu", name: "G2", brand: "B", price: 600 },
    { category: "gpu", name: "G3", brand: "A", price: 900 },
    { category: "cpu", name: "C1", brand: "C", price: 200 },
  ],
};

it("summarises one category into statistics and price terciles", () => {
  const gpu = summarizeRetail(RETAIL as never, "gpu")!;
  expect(gpu).toMatchObject({ total_products: 3, avg_price: 600, median_price: 600, min_price: 300, max_price: 900 });
  expect([gpu.tiers.budget.count, gpu.tiers.mid.count, gpu.tiers.high.count]).toEqual([1, 1, 1]);
  expect(gpu.tiers.high.top_products).toEqual([{ name: "G3", price: 900, brand: "A" }]);
  expect(summarizeRetail({ ...RETAIL, products: [] } as never, "all")).toBeNull();
});

describeWithShared("get_hardware_prices on live adapters (replayed)", () => {
  let service: TestService;
  let payer: TestPayer;
  beforeAll(async () => {
    // The real multi-symbol quote recording answers our batch: its symbols are what market_index shows.
    const replay = createYahooReplayFetch({
      crumbFlow: true,
      routes: [
        { match: /\/v7\/finance\/quote\?/, respond: () => envelopeResponse(loadYahooEnvelope("quote-AAPL-BABA.json")) },
        { match: /^https:\/\/retail\.test\/prices\.json$/, respond: () => new Response(JSON.stringify(RETAIL)) },
      ],
    });
    service = await startTestService({
      clock: new FakeClock(Date.parse("2026-08-11T14:00:00Z")),
      importRecordings: false,
      env: { HARDWARE_PRICES_URL: "https://retail.test/prices.json" },
      feeds: { fetch: replay, sleep: async () => undefined },
    });
    payer = await createTestPayer(service, 5_000_000n);
  });
  afterAll(async () => {
    await service?.close();
  });

  it("answers market_index from one batched quote, and hardware_prices only after the daily job stored a snapshot", async () => {
    const before = await (await payer.pay("/get_hardware_prices?category=gpu")).json() as Record<string, any>;
    expect(Object.keys(before).sort()).toEqual(["cached", "category", "date", "fetched_at", "hardware_prices", "market_index", "market_index_source"]);
    expect(before.market_index_source).toBe("quote");
    expect(before.hardware_prices).toBeNull();
    expect(before.market_index.AAPL.price).toEqual(expect.any(Number));
    expect(Math.abs(before.market_index.AAPL.change_pct)).toBeGreaterThan(0.001); // percent units, as recorded
    await service.jobs.runNow("hardware-prices-snapshot");
    const after = await (await payer.pay("/get_hardware_prices?category=gpu")).json() as Record<string, any>;
    expect(after.hardware_prices).toMatchObject({ as_of: "2026-08-10", total_products: 3, median_price: 600 });
  });
});

describeWithShared("get_hardware_prices offline, with no quote stored and no retail source", () => {
  const harness = paidRoutes({ importRecordings: false });

  it("still carries market_index, from the last two daily closes of each name the bar store serves (the spec's types)", async () => {
    const { status, body } = await harness.call("/get_hardware_prices?category=all");
    expect(status).toBe(200);
    const nvda = readCsvBars(DAILY_DATASET_DIR, "NVDA").slice(-2);
    // NVDA is the only semiconductor name in the offline dataset; the others are absent, never invented.
    expect(Object.keys(body.market_index)).toEqual(["NVDA"]);
    expect(body.market_index.NVDA.price).toBe(nvda[1].close);
    expect(body.market_index.NVDA.change_pct).toBeCloseTo(100 * (nvda[1].close / nvda[0].close - 1), 4); // percent, as the spec says
    expect(body.market_index_source).toBe("daily_bars");
    expect([body.fetched_at, body.cached]).toEqual([`${nvda[1].date}T00:00:00.000Z`, true]);
    expect(body.hardware_prices).toBeNull();
  });
});
