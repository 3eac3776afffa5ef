import { beforeEach, expect, it } from "vitest";
import {
  createYahooReplayFetch,
  describeWithShared,
  loadYahooEnvelope,
  type ReplayRoute,
  type YahooEnvelope,
} from "../../../../test/support/replay-fetch.js";
import { createYahooFinanceClient } from "./yahoo-finance-client.js";
import { YahooMoversProvider } from "./yahoo-movers-provider.js";
import { appError } from "../../../../test/support/caught-app-error.js";
import { ExtendedCookieJar } from "yahoo-finance2/lib/cookieJar";
import { getCrumbClear } from "yahoo-finance2/lib/getCrumb";

type ScreenerBody = { finance: { result: Array<{ quotes: Array<Record<string, unknown>> }> } };

function screenerUrl(scrIds: string, count: number): string {
  return `https://query2.finance.yahoo.com/v1/finance/screener/predefined/saved?lang=en-US&region=US&scrIds=${scrIds}&count=${count}&crumb=haT3oykhHqZ`;
}

function setup(fixtures: Array<string | YahooEnvelope>, routes: ReplayRoute[] = []) {
  const replay = createYahooReplayFetch({ crumbFlow: true, fixtures, routes });
  const logs: string[] = [];
  const yahoo = createYahooFinanceClient({
    fetch: replay,
    queueIntervalMs: 0,
    sleep: async () => undefined,
    random: () => 0.5,
    logSink: { warn: (m) => logs.push(m), error: (m) => logs.push(m) },
  });
  return { provider: new YahooMoversProvider({ yahoo }), replay, logs };
}

describeWithShared("YahooMoversProvider (recorded screener responses)", () => {
  // yahoo-finance2 3.x keeps the crumb in a module variable shared by every instance: forget the one an earlier
  // test (of this file or another in the same process) fetched, so each client walks the crumb flow itself.
  beforeEach(() => getCrumbClear(new ExtendedCookieJar()));

  it("walks the recorded cookie/crumb flow and maps day gainers, percent -> decimal", async () => {
    const { provider, replay, logs } = setup(["dailyGainers.json"]);
    const movers = await provider.movers("gainers", 5);
    expect(movers).toHaveLength(5);
    expect(movers[0]).toEqual({
      symbol: "U",
      name: "Unity Software Inc.",
      price: 28,
      changePct: 0.304145,
      volume: 61661819,
      marketCap: 11279519744,
      // regularMarketTime 1740085202 s: the quote's own time, not the time of the call.
      asOfMs: 1740085202000,
    });
    expect(movers.map((m) => m.symbol)).toEqual(["U", "FTAI", "DBRG", "HAS", "GDS"]);
    expect(replay.misses).toEqual([]);
    expect(replay.calls.some((c) => c.includes("/v1/test/getcrumb"))).toBe(true);
    expect(logs).toEqual([]); // validation is ours; the library's stricter schema must not complain
  });

  it("maps day losers to negative decimals", async () => {
    const { provider } = setup(["dailyLosers.json"]);
    const movers = await provider.movers("losers", 5);
    expect(movers[0]).toMatchObject({ symbol: "TFII", changePct: -0.204764 });
    expect(movers.every((m) => m.changePct < 0)).toBe(true);
  });

  it("asks the most_actives screener for most_active (same shape; no recording exists upstream)", async () => {
    const envelope = loadYahooEnvelope("dailyGainers.json");
    envelope.request.url = screenerUrl("most_actives", 5);
    const { provider, replay } = setup([envelope]);
    const movers = await provider.movers("most_active", 5);
    expect(movers).toHaveLength(5);
    expect(replay.calls.at(-1)).toContain("scrIds=most_actives");
  });

  it("returns at most `count` rows even if Yahoo sends more", async () => {
    const envelope = loadYahooEnvelope("dailyGainers.json");
    envelope.request.url = screenerUrl("day_gainers", 3);
    const { provider } = setup([envelope]);
    expect(await provider.movers("gainers", 3)).toHaveLength(3);
  });

  it("rejects a bad count before calling upstream", async () => {
    const { provider, replay } = setup([]);
    for (const count of [0, -1, 2.5, 251]) {
      const error = await appError(provider.movers("gainers", count));
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.details?.[0]?.param).toBe("count");
    }
    expect(replay.calls).toEqual([]);
  });

  it("maps a row missing a field we map to UPSTREAM_SCHEMA_CHANGED", async () => {
    const envelope = loadYahooEnvelope("dailyGainers.json");
    delete (envelope.response.bodyJson as ScreenerBody).finance.result[0]!.quotes[2]!.regularMarketPrice;
    const { provider } = setup([envelope]);
    const error = await appError(provider.movers("gainers", 5));
    expect(error.code).toBe("UPSTREAM_SCHEMA_CHANGED");
    expect(error.message).toContain("quotes.2.regularMarketPrice");
  });

  it("maps a crumb endpoint that keeps answering 429 to UPSTREAM_UNAVAILABLE", async () => {
    const routes: ReplayRoute[] = [
      { match: /\/v1\/test\/getcrumb$/, respond: () => new Response("Too Many Requests", { status: 429, headers: { "retry-after": "5" } }) },
    ];
    const { provider } = setup(["dailyGainers.json"], routes);
    const error = await appError(provider.movers("gainers", 5));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.retryAfterSeconds).toBe(5);
  });

  it("maps a screener 5xx to UPSTREAM_UNAVAILABLE", async () => {
    const routes: ReplayRoute[] = [{ match: /\/screener\//, respond: () => new Response("<html>oops</html>", { status: 502 }) }];
    const { provider } = setup([], routes);
    const error = await appError(provider.movers("losers", 5));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
  });
});
