import { describe, expect, it } from "vitest";
import { paidRoutes, type PaidCall } from "../support/paid-routes.js";
import { createYahooReplayFetch } from "../support/replay-fetch.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import type { TestPayer } from "../support/test-payer.js";
import { PaymentClaims } from "../../src/storage/repos/payment-claims.js";

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

const DEMAND_EMPTY = /^\/api\/demand\/[a-z-]+ has no publishable row from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d: no row reached the privacy threshold \(at least 3 distinct clients in the window\).*Nothing was charged\.$/;

/** Every paid route whose answer is a list, on a node with nothing logged, mirrored or fired yet. */
const EMPTY_ON_A_FRESH_NODE: ReadonlyArray<readonly [url: string, status: number, code: string, message: RegExp]> = [
  ...["top", "unmet", "conversion", "competitors", "intent", "crawl-to-refer", "matches", "pricing", "reliability"].map(
    (report) => [`/api/demand/${report}`, 404, "NO_DATA", DEMAND_EMPTY] as const,
  ),
  ["/api/arena/performance", 404, "NO_DATA", /^The arena leaderboard has no entry yet: an agent is ranked once it has 20 entries in settled rounds, and none has \(0 agent\(s\) have at least one\)\. Nothing was charged\.$/],
  ["/api/census", 404, "NO_DATA", /^No discovery index is mirrored yet, so there is no census: .*npm run mirrors:import <file>`\. Nothing was charged\.$/],
  ["/trading/signals/history?ticker=ZZZA", 404, "UNKNOWN_TICKER", /Unknown ticker "ZZZA"/],
  ["/trading/signals/history?ticker=SPY", 404, "NO_DATA", /^No signal has been fired for SPY: .* Nothing was charged\.$/],
  ["/trading/performance?ticker=ZZZA", 404, "UNKNOWN_TICKER", /Unknown ticker "ZZZA"/],
  ["/trading/performance", 404, "NO_DATA", /^No signal has been fired: .* Nothing was charged\.$/],
];

describe.skipIf(!SHARED_PRESENT)("charge only for something served: empty answers on a fresh node", () => {
  const harness = paidRoutes({ importRecordings: false });

  it.each(EMPTY_ON_A_FRESH_NODE)("%s: a paid call answers %i %s saying why, and nothing settles", async (url, status, code, message) => {
    const claims = new PaymentClaims(harness.service().database.db);
    const [balance, settledClaims] = [await harness.payer().balance(), (await claims.countByState()).settled];
    const answer = await harness.call(url);
    expect([url, answer.status, answer.body.error?.code]).toEqual([url, status, code]);
    expect(answer.body.error.message).toMatch(message);
    expect(await harness.payer().balance()).toBe(balance);
    expect((await claims.countByState()).settled).toBe(settledClaims);
  });

  it("still charges for a list that holds something: the first fired signal makes the history a paid 200", async () => {
    expect((await harness.call("/trading/signal?ticker=SPY")).status).toBe(200);
    const before = await harness.payer().balance();
    const { status, body } = await harness.call("/trading/signals/history?ticker=SPY");
    expect([status, body.count]).toEqual([200, 1]);
    expect(await harness.payer().balance()).toBe(before - 50_000n);
  });
});
