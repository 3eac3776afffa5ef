import { describe, expect, it } from "vitest";
import { usdToAtomic } from "../../src/payments/usdc-on-base.js";
import { FakeClock } from "../support/fake-clock.js";
import { paidRoutes } from "../support/paid-routes.js";
import { queryOf } from "../support/query-of.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { decodeHeader } from "../support/test-payer.js";
import { adDns } from "./ad-fixtures.js";

const CAMPAIGN = {
  placement: "router",
  title: "Tick-level crypto order books",
  url: "https://ads.example.com/order-books?utm_source=precedent",
  description: "Full-depth order book snapshots for 40 venues, sold per call over x402.",
  keywords: "crypto, orderbook market-data",
  budget_usd: 2.5,
};
const campaignUrl = (overrides: Record<string, string | number> = {}) => `/api/ads/campaign?${queryOf({ ...CAMPAIGN, ...overrides })}`;

describe.skipIf(!SHARED_PRESENT)("advertising routes", () => {
  const harness = paidRoutes({ outboundResolve: adDns, clock: new FakeClock(Date.parse("2026-11-23T12:00:00Z")) });
  const app = () => harness.service().app;
  const getJson = async (url: string) => {
    const res = await app().request(url);
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  it("quotes a campaign at exactly its budget, and refuses a bad budget or destination with 422 before any 402", async () => {
    for (const budget of [1, 2.5, 1000]) {
      const res = await app().request(campaignUrl({ budget_usd: budget }), { method: "POST" });
      expect(res.status).toBe(402);
      const required = decodeHeader<{ accepts: { amount: string }[] }>(res.headers.get("payment-required"));
      expect(required.accepts[0].amount).toBe(usdToAtomic(budget));
    }
    const refused: [Record<string, string | number>, string][] = [
      [{ budget_usd: 0.99 }, "budget_usd"],
      [{ budget_usd: 1000.01 }, "budget_usd"],
      [{ budget_usd: 1.234 }, "budget_usd"],
      [{ url: "http://ads.example.com/" }, "url"],
      [{ url: "https://10.0.0.7/landing" }, "url"],
      [{ url: "https://[::ffff:127.0.0.1]/" }, "url"],
      [{ url: "https://localhost/" }, "url"],
      [{ url: "https://user:pw@ads.example.com/" }, "url"],
      [{ url: "https://ads.example.com:22/" }, "url"],
      [{ url: "https://intranet.example.com/" }, "url"], // resolves to 10.1.2.3
      [{ url: "https://mixed.example.com/" }, "url"], // one public and one private address
      [{ url: "https://nowhere.example.com/" }, "url"], // does not resolve
      [{ title: "Hi" }, "title"],
      [{ title: "<b>Bold</b> claims" }, "title"],
      [{ title: "Best data\u202Egnp.exe" }, "title"],
      [{ title: "BUY ORDER BOOKS NOW" }, "title"],
      [{ description: "Guaranteed returns on every trade you make." }, "description"],
      [{ description: "Visit www.example.com for the full catalogue." }, "description"],
      [{ description: "This is not an ad, just a great data source." }, "description"],
      [{ keywords: "" }, "keywords"],
      [{ keywords: "a,b" }, "keywords"],
      [{ keywords: "one two three four five six seven eight nine ten eleven" }, "keywords"],
      [{ placement: "homepage" }, "placement"],
    ];
    for (const [overrides, param] of refused) {
      const res = await app().request(campaignUrl(overrides), { method: "POST" });
      const body = (await res.json()) as { error: { code: string; details: { param: string }[] } };
      expect([JSON.stringify(overrides), res.status, body.error.code]).toEqual([JSON.stringify(overrides), 422, "VALIDATION_FAILED"]);
      expect(body.error.details.map((d) => d.param)).toContain(param);
    }
  });

  it("creates a paid campaign for the paying wallet, charged exactly its budget, with a free status check", async () => {
    const before = await harness.payer().balance();
    const { status, body } = await harness.call(campaignUrl());
    expect(status).toBe(200);
    expect(before - (await harness.payer().balance())).toBe(2_500_000n);
    expect(body).toMatchObject({
      state: "active",
      placement: "router",
      advertiser: harness.payer().account.address.toLowerCase(),
      keywords: ["crypto", "market-data", "orderbook"],
      budget_usd: 2.5,
      remaining_usd: 2.5,
      cpm_usd: 5,
      impression_price_usd: 0.005,
      impressions_bought: 500,
      impressions: 0,
    });
    expect(body.campaign_id).toMatch(/^cmp_[0-9a-f]{24}$/);
    const check = await getJson(body.status_path);
    expect([check.status, check.body]).toEqual([200, body]);
    expect((await getJson("/api/ads/campaign/status?campaign_id=cmp_000000000000000000000000")).status).toBe(404);
  });

  it("serves a labelled sponsored item, charges it, and redirects its click only to the stored url", async () => {
    const { body: bought } = await harness.call(campaignUrl({ placement: "arena-rounds", keywords: "btc,eth", budget_usd: 1 }));
    const empty = await getJson(`/api/ads/serve?${queryOf({ placement: "arena-rounds", keywords: "gold silver" })}`);
    expect(empty.body).toMatchObject({ placement: "arena-rounds", keywords: ["gold", "silver"], filled: false, item: null });

    const { status, body } = await getJson(`/api/ads/serve?${queryOf({ placement: "arena-rounds", keywords: "Will BTC close above 100k?" })}`);
    expect(status).toBe(200);
    expect(body.filled).toBe(true);
    expect(body.item).toMatchObject({
      sponsored: true,
      label: "Sponsored",
      placement: "arena-rounds",
      title: bought.title,
      url: bought.url,
      display_host: "ads.example.com",
      matched_keywords: ["btc"],
    });
    expect(JSON.stringify(body)).not.toContain(bought.campaign_id);
    expect(JSON.stringify(body)).not.toContain(bought.advertiser);
    expect(body.item.click_url).toBe(`http://precedent.test/api/ads/click?id=${body.item.impression_id}`);
    expect((await getJson(bought.status_path)).body).toMatchObject({ impressions: 1, remaining_usd: 0.998, spent_usd: 0.002 });

    const clickPath = body.item.click_url.replace("http://precedent.test", "");
    // A HEAD (link checker, prefetcher) sees the redirect but is not a click.
    const head = await app().request(clickPath, { method: "HEAD" });
    expect([head.status, head.headers.get("location")]).toEqual([302, bought.url]);
    expect((await getJson(bought.status_path)).body.clicks).toBe(0);
    for (const path of [clickPath, `${clickPath}&url=https://evil.example.net/`, `${clickPath}&to=//evil.example.net`]) {
      const res = await app().request(path);
      expect([res.status, res.headers.get("location")]).toEqual([302, bought.url]);
    }
    expect((await getJson(bought.status_path)).body.clicks).toBe(1);
    for (const path of ["/api/ads/click", "/api/ads/click?id=https://evil.example.net/", "/api/ads/click?id=imp_000000000000000000000000"]) {
      const res = await app().request(path);
      expect([path, res.status, res.headers.get("location")]).toEqual([path, 404, null]);
    }
  });

  it("answers network statistics without any wallet, campaign or impression id", async () => {
    const { status, body } = await getJson("/api/ads/network");
    expect(status).toBe(200);
    // One advertiser so far: every figure resting on advertisers is withheld.
    expect(body.campaigns).toBeNull();
    expect(body.total).toEqual({ serve_requests: 2, activity: null, placements_included: [] });
    expect(body.placements.find((p: { placement: string }) => p.placement === "arena-rounds")).toEqual({ placement: "arena-rounds", serve_requests: 2, activity: null });
    expect(JSON.stringify(body)).not.toMatch(/0x[0-9a-fA-F]{40}|cmp_|imp_/);
  });

  it("publishes a rate card whose prices are the ones campaigns are charged", async () => {
    const { status, body } = await getJson("/api/ads/rate-card");
    expect(status).toBe(200);
    expect(body.placements.map((p: { placement: string; cpm_usd: number }) => [p.placement, p.cpm_usd])).toEqual([
      ["router", 5],
      ["what-agents-want", 2.5],
      ["arena-rounds", 2],
    ]);
    expect(body.budget).toMatchObject({ min_usd: 1, max_usd: 1000 });
    expect(body.creative.refused.length).toBeGreaterThanOrEqual(3);
  });
});
