import { describe, expect, it } from "vitest";
import { HyperliquidInfoMarket } from "../../src/providers/hyperliquid/hyperliquid-info-market.js";
import { appError } from "../support/caught-app-error.js";
import { createHyperliquidReplayFetch, describeWithShared, hyperliquidCassetteResponse, loadHyperliquidBody, type ReplayRoute } from "../support/replay-fetch.js";
import { arenaUpstream, recordedCandles, recordedRequestBody } from "./recorded-hyperliquid.js";

const noWait = { sleep: async () => undefined };
const marketOn = (routes: ReplayRoute[], options: { maxRetries?: number; timeoutMs?: number } = {}) =>
  new HyperliquidInfoMarket({ fetch: createHyperliquidReplayFetch({ routes }), ...noWait, maxRetries: 0, ...options });
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

describeWithShared("Hyperliquid market adapter on the recorded answers", () => {
  it("reads allMids with the recorded request and keeps the mids as decimal strings", async () => {
    const fetch = createHyperliquidReplayFetch({ byType: { allMids: "test_get_all_mids" } });
    const mids = await new HyperliquidInfoMarket({ fetch }).allMids("");
    expect(JSON.parse(mids.request.body)).toEqual(recordedRequestBody("test_get_all_mids"));
    expect(mids.request).toMatchObject({ url: "https://api.hyperliquid.xyz/info", method: "POST" });
    expect(Object.keys(mids.mids)).toHaveLength(28);
    expect([mids.mids.BTC, mids.mids.kPEPE, mids.mids.ETH]).toEqual(["30135.0", "0.001565", "1903.95"]);
  });

  it("lists the native dex's coins from meta, and a HIP-3 dex's coins with their dex prefix", async () => {
    const native = await new HyperliquidInfoMarket({ fetch: createHyperliquidReplayFetch({ byType: { meta: "test_get_info" } }) }).listedCoins([""]);
    expect(native).toHaveLength(28);
    expect(native.slice(0, 2)).toEqual([
      { name: "BTC", dex: "", delisted: false },
      { name: "ETH", dex: "", delisted: false },
    ]);
    // No public recording of a HIP-3 meta exists: this answer has the documented shape (names carry the prefix,
    // one given without it to check we add it, one delisted).
    const bodies: string[] = [];
    const xyz = marketOn([
      {
        match: "meta",
        respond: (init) => {
          bodies.push(String(init?.body));
          return json({ universe: [{ name: "xyz:GOLD", szDecimals: 4 }, { name: "XYZ100", szDecimals: 4 }, { name: "xyz:DXY", isDelisted: true }] });
        },
      },
    ]);
    expect(await xyz.listedCoins(["xyz"])).toEqual([
      { name: "xyz:GOLD", dex: "xyz", delisted: false },
      { name: "xyz:XYZ100", dex: "xyz", delisted: false },
      { name: "xyz:DXY", dex: "xyz", delisted: true },
    ]);
    expect(JSON.parse(bodies[0])).toEqual({ type: "meta", dex: "xyz" });
  });

  it("sends the recorded candleSnapshot request and returns the candles and the raw answer untouched", async () => {
    const fetch = createHyperliquidReplayFetch({ byType: { candleSnapshot: "test_get_candles_snapshot" } });
    const snapshot = await new HyperliquidInfoMarket({ fetch }).candleSnapshot("kPEPE", "1h", 1684702007000, 1684784807000);
    expect(JSON.parse(snapshot.request.body)).toEqual(recordedRequestBody("test_get_candles_snapshot"));
    expect(snapshot.rawBody).toBe(loadHyperliquidBody("test_get_candles_snapshot"));
    expect(snapshot.candles).toEqual(recordedCandles());
    expect(snapshot.candles).toHaveLength(24);
    expect(JSON.parse(snapshot.rawCandles[0])).toEqual(recordedCandles()[0]);
    expect(snapshot.rawCandles[0].startsWith('{"T":1684702799999,"c":"0.001604"')).toBe(true);
  });

  it("answers an empty list for a window with no candle (an answer, not an error)", async () => {
    const snapshot = await new HyperliquidInfoMarket({ fetch: arenaUpstream() }).candleSnapshot("BTC", "1m", 1684764000000, 1684764059999);
    expect([snapshot.candles, snapshot.rawBody]).toEqual([[], "[]"]);
  });
});

describeWithShared("Hyperliquid failure modes become UPSTREAM_UNAVAILABLE (503 + Retry-After) or UPSTREAM_SCHEMA_CHANGED", () => {
  const candles = (market: HyperliquidInfoMarket) => market.candleSnapshot("BTC", "1m", 1684764000000, 1684764059999);

  it("429 with Retry-After: retried, then given up with the upstream's hint", async () => {
    let calls = 0;
    const market = marketOn([{ match: "candleSnapshot", respond: () => (calls++, json("rate limited", 429, { "retry-after": "7" })) }], { maxRetries: 1 });
    const error = await appError(candles(market));
    expect([error.code, error.retryAfterSeconds, calls]).toEqual(["UPSTREAM_UNAVAILABLE", 7, 2]);
  });

  it("the recorded 5xx (CloudFront 500, body null)", async () => {
    const error = await appError(candles(marketOn([{ match: "candleSnapshot", respond: () => hyperliquidCassetteResponse("test_batch_clearinghouse_states") }])));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.message).toMatch(/HTTP 500/);
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("a timeout", async () => {
    const hang: ReplayRoute = { match: "allMids", respond: () => new Promise<Response>(() => undefined) };
    const error = await appError(marketOn([hang], { timeoutMs: 30 }).allMids(""));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.message).toMatch(/timed out after 30 ms/);
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("an HTML page with status 200, and a JSON null", async () => {
    const html = await appError(candles(marketOn([{ match: "candleSnapshot", respond: () => new Response("<!DOCTYPE html><html>maintenance</html>") }])));
    expect([html.code, html.message]).toEqual(["UPSTREAM_UNAVAILABLE", "Hyperliquid answered with an HTML page instead of data"]);
    const nul = await appError(candles(marketOn([{ match: "candleSnapshot", respond: () => json("null") }])));
    expect(nul.code).toBe("UPSTREAM_UNAVAILABLE");
  });

  it("schema drift: a candle whose close is no longer a decimal string, mids that are numbers, meta without universe", async () => {
    const drifted = recordedCandles().slice(0, 1).map((c) => ({ ...c, c: Number(c.c) }));
    const candle = await appError(candles(marketOn([{ match: "candleSnapshot", respond: () => json(drifted) }])));
    expect([candle.code, candle.message]).toEqual(["UPSTREAM_SCHEMA_CHANGED", "Hyperliquid answer lacks fields we map: c: Invalid input: expected string, received number"]);
    const mids = await appError(marketOn([{ match: "allMids", respond: () => json({ BTC: 30135 }) }]).allMids(""));
    expect(mids.code).toBe("UPSTREAM_SCHEMA_CHANGED");
    const meta = await appError(marketOn([{ match: "meta", respond: () => json({ assets: [] }) }]).listedCoins([""]));
    expect(meta.code).toBe("UPSTREAM_SCHEMA_CHANGED");
  });
});
