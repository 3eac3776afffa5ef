import { describe, expect, it } from "vitest";
import { tradingPortfolioContract } from "../../src/contracts/trading/trading-portfolio.js";
import { EXAMPLE_NOW_MS } from "../../scripts/examples/example-deployments.js";
import { FakeClock } from "../support/fake-clock.js";
import { startPaidService, type PaidService } from "../support/paid-routes.js";
import { createHyperliquidReplayFetch } from "../support/replay-fetch.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { recordedAccountFetch } from "./hyperliquid-account-replay.js";

const ACCOUNT = "0x5e9ee1089755c3435139848e47e6635505d5a13a";

async function withService(env: Record<string, string>, fetch: ReturnType<typeof createHyperliquidReplayFetch>, run: (s: PaidService) => Promise<void>) {
  const started = await startPaidService({ env, clock: new FakeClock(EXAMPLE_NOW_MS), feeds: { fetch, sleep: async () => undefined } });
  try {
    await run(started);
  } finally {
    await started.service.close();
  }
}

describe.skipIf(!SHARED_PRESENT)("/trading/portfolio replayed from the recorded clearinghouseState", () => {
  it("answers the documented example, merging both DEXes, and the same for the configured TRADING_ACCOUNT", async () => {
    const fetch = recordedAccountFetch();
    await withService({ TRADING_ACCOUNT: ACCOUNT.toUpperCase().replace("0X", "0x") }, fetch, async ({ call }) => {
      const { status, body } = await call(`/trading/portfolio?address=${ACCOUNT}`);
      expect(status).toBe(200);
      expect(body).toEqual(tradingPortfolioContract.example.response);
      expect(fetch.calls).toEqual(Array(2).fill("POST https://api.hyperliquid.xyz/info clearinghouseState"));
      // The totals are the sums of what is listed.
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      expect(body.total_unrealized_pnl).toBeCloseTo(sum(body.positions.map((p: any) => p.unrealized_pnl)), 9);
      expect(body.equity).toBeCloseTo(sum(body.dexes.map((d: any) => d.account_value)), 9);
      for (const p of body.positions) expect(p.mark_price * p.size).toBeCloseTo(p.position_value, 6);
      const configured = (await call("/trading/portfolio")).body;
      expect(configured).toEqual({ ...body, address_source: "TRADING_ACCOUNT" });
    });
  }, 60_000);

  it("takes no parameter, as the spec has it: without TRADING_ACCOUNT it answers 404 naming the variable; a malformed address is a 422; uncharged", async () => {
    await withService({}, recordedAccountFetch(), async ({ call, payer, expect422 }) => {
      const before = await payer.balance();
      const { status, body } = await call("/trading/portfolio");
      expect([status, body.error.code, body.error.details]).toEqual([404, "NOT_FOUND", [{ issue: "TRADING_ACCOUNT is not set on this node" }]]);
      expect(body.error.message).toMatch(/^No trading account to show: TRADING_ACCOUNT is not set on this node\. The operator sets TRADING_ACCOUNT=0x\.\.\./);
      await expect422("/trading/portfolio?address=0x1234", "address");
      expect(await payer.balance()).toBe(before);
    });
  }, 60_000);

  it("answers 503 with Retry-After when Hyperliquid fails, uncharged", async () => {
    const down = createHyperliquidReplayFetch({ routes: [{ match: "clearinghouseState", respond: () => new Response("busy", { status: 429, headers: { "Retry-After": "30" } }) }] });
    await withService({ TRADING_ACCOUNT: ACCOUNT }, down, async ({ payer }) => {
      const before = await payer.balance();
      const res = await payer.pay("/trading/portfolio", "POST");
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("30");
      expect(((await res.json()) as any).error.code).toBe("UPSTREAM_UNAVAILABLE");
      expect(await payer.balance()).toBe(before);
    });
  }, 60_000);
});
