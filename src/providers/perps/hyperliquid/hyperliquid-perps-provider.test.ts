import { expect, it } from "vitest";
import {
  createHyperliquidReplayFetch,
  describeWithShared,
  hyperliquidCassetteResponse,
  loadHyperliquidBody,
  readCassetteStatus,
  type HyperliquidReplayOptions,
} from "../../../../test/support/replay-fetch.js";
import type { PerpCandleInterval } from "../port.js";
import { createHyperliquidInfoClient } from "./hyperliquid-info-client.js";
import { HyperliquidPerpsProvider } from "./hyperliquid-perps-provider.js";
import { appError } from "../../../../test/support/caught-app-error.js";

/** The window the kPEPE cassette asked for. */
const KPEPE_FROM_MS = 1684702007000;
const KPEPE_TO_MS = 1684784807000;
const USER = "0x5e9ee1089755c3435139848e47e6635505d5a13a";

function setup(options: HyperliquidReplayOptions, extra: { timeoutMs?: number; maxRetries?: number } = {}) {
  const replay = createHyperliquidReplayFetch(options);
  const sleeps: number[] = [];
  const info = createHyperliquidInfoClient({
    fetch: replay,
    timeoutMs: extra.timeoutMs ?? 1_000,
    maxRetries: extra.maxRetries ?? 2,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
  });
  return { provider: new HyperliquidPerpsProvider({ info }), replay, sleeps };
}

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });

describeWithShared("HyperliquidPerpsProvider (recorded info responses)", () => {
  it("maps recorded candles, string prices to numbers, selected by open time", async () => {
    const { provider, replay } = setup({ byType: { candleSnapshot: "test_get_candles_snapshot" } });
    const candles = await provider.candles("kPEPE", "1h", KPEPE_FROM_MS, KPEPE_TO_MS);
    // 24 recorded; the first only contains startTime (opens before it) and is left out.
    expect(candles).toHaveLength(23);
    expect(candles[0]).toEqual({
      openTimeMs: 1684702800000,
      closeTimeMs: 1684706399999,
      open: 0.001603,
      high: 0.001603,
      low: 0.001584,
      close: 0.001591,
      volume: 682593287,
      tradeCount: 802,
    });
    expect(candles.at(-1)).toMatchObject({ openTimeMs: 1684782000000, close: 0.00154 });
    expect(replay.misses).toEqual([]);
  });

  it("sends the candleSnapshot request the venue expects", async () => {
    let sent: Record<string, unknown> = {};
    const { provider } = setup({
      routes: [{ match: "candleSnapshot", respond: (init) => ((sent = bodyOf(init)), json([])) }],
    });
    expect(await provider.candles("xyz:GOLD", "1m", 1_700_000_000_000, 1_700_000_060_000)).toEqual([]);
    expect(sent).toEqual({ type: "candleSnapshot", req: { coin: "xyz:GOLD", interval: "1m", startTime: 1_700_000_000_000, endTime: 1_700_000_060_000 } });
  });

  it("rejects bad coin, interval and range arguments before calling the venue", async () => {
    const { provider, replay } = setup({});
    await expect(provider.candles("BTC; drop", "1m", 0, 1)).rejects.toMatchObject({ code: "VALIDATION_FAILED", details: [{ param: "coin" }] });
    await expect(provider.candles("BTC", "2m" as PerpCandleInterval, 0, 1)).rejects.toMatchObject({ details: [{ param: "interval" }] });
    expect(await provider.candles("BTC", "1m", 10, 10)).toEqual([]);
    expect(replay.calls).toEqual([]);
  });

  it("maps the recorded (2023, older-shape) clearinghouse state", async () => {
    const { provider } = setup({ byType: { clearinghouseState: "test_get_user_state" } });
    const account = await provider.account(USER.toUpperCase().replace("0X", "0x"), [""]);
    expect(account.user).toBe(USER);
    expect(account.equityUsd).toBe(1182.312496);
    expect(account.withdrawableUsd).toBe(1010.57173);
    expect(account.marginUsedUsd).toBe(171.740766);
    expect(account.unrealizedPnlUsd).toBeCloseTo(0.688018, 9);
    expect(account.positions).toHaveLength(12);
    expect(account.positions[0]).toEqual({
      dex: "",
      coin: "BTC",
      size: -0.00785,
      entryPx: 26951,
      positionValueUsd: 211.64542,
      unrealizedPnlUsd: -0.08007,
      returnOnEquity: -0.00756643,
      liquidationPx: 173198.69592357,
      marginUsedUsd: 10.582271,
      leverage: { type: "cross", value: 20 },
      maxLeverage: null,
      cumFundingAllTimeUsd: null,
    });
    expect(account.positions[1]?.liquidationPx).toBeNull();
    expect(account.timeMs).toBeNull();
    expect(account.dexes).toEqual([
      { dex: "", accountValueUsd: 1182.312496, totalNotionalUsd: 3434.815334, marginUsedUsd: 171.740766, withdrawableUsd: 1010.57173, crossMaintenanceMarginUsedUsd: null, timeMs: null },
    ]);
  });

  it("merges the main clearinghouse with a HIP-3 DEX (newer shape with optional fields)", async () => {
    const xyzState = {
      marginSummary: { accountValue: "500.5", totalNtlPos: "2000.0", totalRawUsd: "-1499.5", totalMarginUsed: "100.0" },
      crossMarginSummary: { accountValue: "500.5", totalNtlPos: "2000.0", totalRawUsd: "-1499.5", totalMarginUsed: "100.0" },
      crossMaintenanceMarginUsed: "50.0",
      withdrawable: "400.5",
      assetPositions: [
        {
          type: "oneWay",
          position: {
            coin: "xyz:GOLD", szi: "0.5", entryPx: "4000.0", positionValue: "2000.0", unrealizedPnl: "12.5",
            returnOnEquity: "0.125", liquidationPx: null, marginUsed: "100.0",
            leverage: { type: "isolated", value: 20, rawUsd: "-1900.0" }, maxLeverage: 25,
            cumFunding: { allTime: "-1.25", sinceOpen: "-0.5", sinceChange: "-0.5" },
          },
        },
      ],
      time: 1763800000000,
    };
    const seenDexes: unknown[] = [];
    const mainBody = loadHyperliquidBody("test_get_user_state");
    const { provider } = setup({
      routes: [
        {
          match: "clearinghouseState",
          respond: (init) => {
            const { dex, user } = bodyOf(init);
            seenDexes.push(dex);
            expect(user).toBe(USER);
            return dex === "xyz" ? json(xyzState) : new Response(mainBody, { status: 200 });
          },
        },
      ],
    });
    const account = await provider.account(USER, ["", "xyz", "xyz"]);
    expect(seenDexes.sort()).toEqual(["", "xyz"]);
    expect(account.equityUsd).toBeCloseTo(1182.312496 + 500.5, 9);
    expect(account.unrealizedPnlUsd).toBeCloseTo(0.688018 + 12.5, 9);
    expect(account.withdrawableUsd).toBeCloseTo(1010.57173 + 400.5, 9);
    expect(account.positions).toHaveLength(13);
    expect(account.positions.at(-1)).toMatchObject({
      dex: "xyz", coin: "xyz:GOLD", size: 0.5, leverage: { type: "isolated", value: 20 }, maxLeverage: 25, cumFundingAllTimeUsd: -1.25,
    });
    expect(account.dexes[1]).toMatchObject({ dex: "xyz", crossMaintenanceMarginUsedUsd: 50, timeMs: 1763800000000 });
    expect(account.timeMs).toBe(1763800000000);
  });

  it("rejects an invalid user address with VALIDATION_FAILED naming `user`", async () => {
    const { provider, replay } = setup({});
    for (const bad of ["", "0x123", "5e9ee1089755c3435139848e47e6635505d5a13a", `${USER}00`, "0xZZ9ee1089755c3435139848e47e6635505d5a13a"]) {
      const error = await appError(provider.account(bad, [""]));
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.details).toEqual([{ param: "user", issue: expect.any(String) }]);
    }
    await expect(provider.account(USER, ["XYZ!"])).rejects.toMatchObject({ details: [{ param: "dexes" }] });
    expect(replay.calls).toEqual([]);
  });

  it("maps the real recorded HTTP 500 (CloudFront, body null) to UPSTREAM_UNAVAILABLE after retries", async () => {
    expect(readCassetteStatus("test_batch_clearinghouse_states")).toEqual({ status: 500, statusText: "Internal Server Error" });
    // The recording answers batchClearinghouseStates; it stands in for any info request failing this way.
    const { provider, replay, sleeps } = setup({
      routes: [{ match: "clearinghouseState", respond: () => hyperliquidCassetteResponse("test_batch_clearinghouse_states") }],
    });
    const error = await appError(provider.account(USER, [""]));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.message).toContain("HTTP 500");
    expect(error.retryAfterSeconds).toBe(30);
    expect(replay.calls).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it("waits out a 429's Retry-After, then serves the recorded candles", async () => {
    const { provider, replay, sleeps } = setup({
      byType: { candleSnapshot: "test_get_candles_snapshot" },
      routes: [{ match: "candleSnapshot", times: 1, respond: () => new Response("", { status: 429, headers: { "retry-after": "1" } }) }],
    });
    expect(await provider.candles("kPEPE", "1h", KPEPE_FROM_MS, KPEPE_TO_MS)).toHaveLength(23);
    expect(replay.calls).toHaveLength(2);
    expect(sleeps).toEqual([1_000]);
  });

  it("maps a timeout to UPSTREAM_UNAVAILABLE", async () => {
    const hang = (init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    const { provider } = setup({ routes: [{ match: "candleSnapshot", respond: hang }] }, { timeoutMs: 5, maxRetries: 1 });
    const error = await appError(provider.candles("BTC", "1m", 0, 60_000));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.message).toContain("timed out");
  });

  it("maps an HTML body to UPSTREAM_UNAVAILABLE and a non-transient 4xx without retrying", async () => {
    const html = setup({ routes: [{ match: "candleSnapshot", respond: () => new Response("<html>maintenance</html>", { status: 200 }) }] });
    expect((await appError(html.provider.candles("BTC", "1m", 0, 60_000))).code).toBe("UPSTREAM_UNAVAILABLE");

    const rejected = setup({ routes: [{ match: "candleSnapshot", respond: () => new Response("Failed to deserialize the JSON body", { status: 422 }) }] });
    const error = await appError(rejected.provider.candles("BTC", "1m", 0, 60_000));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.message).toContain("HTTP 422");
    expect(rejected.replay.calls).toHaveLength(1);
  });

  it("maps schema drift (a required field removed) to UPSTREAM_SCHEMA_CHANGED", async () => {
    const candles = JSON.parse(loadHyperliquidBody("test_get_candles_snapshot")) as Array<Record<string, unknown>>;
    delete candles[3]!.c;
    const state = JSON.parse(loadHyperliquidBody("test_get_user_state")) as Record<string, unknown>;
    delete state.marginSummary;
    const { provider } = setup({
      routes: [
        { match: "candleSnapshot", respond: () => json(candles) },
        { match: "clearinghouseState", respond: () => json(state) },
      ],
    });
    const candleError = await appError(provider.candles("kPEPE", "1h", KPEPE_FROM_MS, KPEPE_TO_MS));
    expect(candleError.code).toBe("UPSTREAM_SCHEMA_CHANGED");
    expect(candleError.message).toContain("3.c");
    const accountError = await appError(provider.account(USER, []));
    expect(accountError.code).toBe("UPSTREAM_SCHEMA_CHANGED");
    expect(accountError.message).toContain("marginSummary");
  });
});
