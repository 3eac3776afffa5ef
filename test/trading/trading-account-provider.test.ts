import { describe, expect, it } from "vitest";
import { HyperliquidTradingAccountProvider } from "../../src/providers/trading-account/hyperliquid/hyperliquid-trading-account-provider.js";
import { appError } from "../support/caught-app-error.js";
import { createHyperliquidReplayFetch, hyperliquidCassetteResponse, loadHyperliquidBody, type ReplayRoute } from "../support/replay-fetch.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

const USER = "0x5e9ee1089755c3435139848e47e6635505d5a13a";
const noSleep = async () => undefined;
const answering = (respond: ReplayRoute["respond"]) => createHyperliquidReplayFetch({ routes: [{ match: "clearinghouseState", respond }] });
const providerOn = (fetch: ReturnType<typeof answering>, timeoutMs?: number) => new HyperliquidTradingAccountProvider({ fetch, sleep: noSleep, timeoutMs });

describe.skipIf(!SHARED_PRESENT)("HyperliquidTradingAccountProvider on the recorded clearinghouseState", () => {
  it("maps every position and the margin summary of the recording, sending the user and the DEX", async () => {
    let sent: unknown;
    const fetch = answering((init) => ((sent = JSON.parse(String(init?.body))), hyperliquidCassetteResponse("test_get_user_state")));
    const state = await providerOn(fetch).accountState(USER, "xyz");
    expect(sent).toEqual({ type: "clearinghouseState", user: USER, dex: "xyz" });
    const raw = JSON.parse(loadHyperliquidBody("test_get_user_state"));
    expect(state.positions).toHaveLength(raw.assetPositions.length);
    expect([state.accountValue, state.totalMarginUsed, state.totalNotional, state.withdrawable]).toEqual([1182.312496, 171.740766, 3434.815334, 1010.57173]);
    // The first recorded position: BTC short 0.00785 at 26951, liquidation 173198.69592357, cross 20x.
    expect(state.positions[0]).toEqual({
      coin: "BTC",
      size: -0.00785,
      entryPrice: 26951,
      positionValue: 211.64542,
      unrealizedPnl: -0.08007,
      returnOnEquity: -0.00756643,
      leverage: { type: "cross", value: 20 },
      liquidationPrice: 173198.69592357,
      marginUsed: 10.582271,
    });
    expect(state.positions[1].liquidationPrice).toBeNull();
    // The 2023 recording has no time field.
    expect(state.timeMs).toBeNull();
  });

  it("reports the recorded CloudFront 500 (body null) as UPSTREAM_UNAVAILABLE after retrying", async () => {
    const fetch = answering(() => hyperliquidCassetteResponse("test_batch_clearinghouse_states"));
    const error = await appError(providerOn(fetch).accountState(USER, ""));
    expect([error.code, error.retryAfterSeconds !== undefined]).toEqual(["UPSTREAM_UNAVAILABLE", true]);
    expect(error.message).toMatch(/HTTP 500/);
    expect(fetch.calls.length).toBeGreaterThan(1);
  });
});

describe("HyperliquidTradingAccountProvider failure modes", () => {
  it("passes a 429's Retry-After on without waiting it out", async () => {
    const fetch = answering(() => new Response("rate limited", { status: 429, headers: { "Retry-After": "120" } }));
    const error = await appError(providerOn(fetch).accountState(USER, ""));
    expect([error.code, error.retryAfterSeconds, fetch.calls.length]).toEqual(["UPSTREAM_UNAVAILABLE", 120, 1]);
  });

  it("gives up on a request that never answers", async () => {
    const fetch = answering((init) => new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason))));
    const error = await appError(providerOn(fetch, 30).accountState(USER, ""));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.message).toMatch(/timed out/);
  });

  it("treats an HTML page served with 200 as upstream trouble", async () => {
    const fetch = answering(() => new Response("<!DOCTYPE html><html><body>Just a moment...</body></html>", { status: 200, headers: { "content-type": "text/html" } }));
    const error = await appError(providerOn(fetch).accountState(USER, ""));
    expect([error.code, error.retryAfterSeconds]).toEqual(["UPSTREAM_UNAVAILABLE", 60]);
  });

  it("reports schema drift (null, a renamed field, a number that is not one) as UPSTREAM_SCHEMA_CHANGED naming the field", async () => {
    for (const [body, field] of [
      ["null", "(root)"],
      [JSON.stringify({ marginSummary: { accountValue: "1", totalNtlPos: "0", totalMarginUsed: "0" }, positions: [] }), "assetPositions"],
      [JSON.stringify({ marginSummary: { accountValue: "n/a", totalNtlPos: "0", totalMarginUsed: "0" }, assetPositions: [] }), "marginSummary.accountValue"],
    ]) {
      const error = await appError(providerOn(answering(() => new Response(body, { status: 200 }))).accountState(USER, ""));
      expect(error.code).toBe("UPSTREAM_SCHEMA_CHANGED");
      expect(error.message).toContain(field);
    }
  });
});
