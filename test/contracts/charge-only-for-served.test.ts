import { describe, expect, it } from "vitest";
import { paidRoutes, type PaidCall } from "../support/paid-routes.js";
import { createYahooReplayFetch } from "../support/replay-fetch.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import type { TestPayer } from "../support/test-payer.js";

/** Pays for `url` and expects the shared error, with nothing settled (the payer's balance is unchanged). */
async function expectNothingCharged(harness: { call: PaidCall; payer: () => TestPayer }, url: string, status: number, code: string) {
  const before = await harness.payer().balance();
  const { status: got, body } = await harness.call(url);
  expect([url, got, body.error?.code]).toEqual([url, status, code]);
  expect(body.error.message).toMatch(/nothing was charged/);
  expect(body.error.details.length).toBeGreaterThan(0);
  expect(await harness.payer().balance()).toBe(before);
}

/** The live adapters as production builds them, but every Yahoo chart request fails (502 HTML), as without internet. */
function upstreamDownMarketData() {
  const replay = createYahooReplayFetch({
    routes: [{ match: /\/v8\/finance\/chart\//, respond: () => new Response("<html>Bad gateway</html>", { status: 502 }) }],
  });
  return { env: { MARKET_DATA_DIR: "" }, marketData: { yahoo: { fetch: replay, queueIntervalMs: 0, sleep: async () => undefined, maxRetries: 0 } } };
}

describe.skipIf(!SHARED_PRESENT)("charge only for something served: upstream down", () => {
  const harness = paidRoutes(upstreamDownMarketData());

  it("/screen with every ticker failed answers 503 and settles nothing", async () => {
    await expectNothingCharged(harness, "/screen?tickers=AAPL,MSFT&start_date=2024-10-01&end_date=2024-10-08", 503, "UPSTREAM_UNAVAILABLE");
  });

  it("/api/momentum/scan over the configured universe answers 503 and settles nothing", async () => {
    await expectNothingCharged(harness, "/api/momentum/scan", 503, "UPSTREAM_UNAVAILABLE");
  });

  it("/api/sectors/momentum answers 503 and settles nothing", async () => {
    await expectNothingCharged(harness, "/api/sectors/momentum", 503, "UPSTREAM_UNAVAILABLE");
  });
});

describe.skipIf(!SHARED_PRESENT)("charge only for something served: offline dataset", () => {
  const harness = paidRoutes();

  it("/playbook with every peer unknown answers 404 and settles nothing", async () => {
    const url = "/playbook?ticker=AAPL&start_date=2024-10-01&end_date=2024-11-01&peers=NOSUCH,ZZZZQ&k=5";
    await expectNothingCharged(harness, url, 404, "UNKNOWN_TICKER");
  });

  it("/screen and /api/momentum/scan with every ticker unknown answer 404 and settle nothing", async () => {
    await expectNothingCharged(harness, "/screen?tickers=NOSUCH,ZZZZQ&start_date=2024-10-01&end_date=2024-10-08", 404, "UNKNOWN_TICKER");
    await expectNothingCharged(harness, "/api/momentum/scan?universe=NOSUCH,ZZZZQ", 404, "UNKNOWN_TICKER");
  });

  it("a partly failed answer is a paid 200 that names the failed items", async () => {
    const before = await harness.payer().balance();
    const { status, body } = await harness.call("/screen?tickers=AAPL,ZZZZQ&start_date=2024-10-01&end_date=2024-10-08");
    expect(status).toBe(200);
    expect(body.results.map((r: { status: string }) => r.status)).toEqual(["ok", "unknown_ticker"]);
    expect(await harness.payer().balance()).toBeLessThan(before);
  });
});
