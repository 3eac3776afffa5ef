import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { impressionPriceMicros, MICROS_PER_USD } from "../../src/domain/ad-campaign.js";
import { createSafeOutboundClient, type SafeOutboundClient } from "../../src/providers/http/safe-outbound-client.js";
import { AdCampaignService } from "../../src/services/ads/ad-campaign-service.js";
import { AdNetworkService } from "../../src/services/ads/ad-network-service.js";
import { AdServer } from "../../src/services/ads/ad-server.js";
import { advertiserBucket } from "../../src/services/ads/advertiser-bucket.js";
import type { Database } from "../../src/storage/create-database.js";
import { AdStore } from "../../src/storage/repos/ad-store.js";
import { FakeClock } from "../support/fake-clock.js";
import { describeOnEachDatabase, openSharedPostgres, testDatabaseKinds } from "../support/test-databases.js";
import { adDns, creative } from "./ad-fixtures.js";

const NOW_MS = Date.parse("2026-11-23T12:00:00Z");
const wallet = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

interface Network {
  campaigns: AdCampaignService;
  server: AdServer;
  stats: AdNetworkService;
  store: AdStore;
}

const networkOn = (database: Database, clock: FakeClock, destinations: SafeOutboundClient): Network => {
  const store = new AdStore(database.db);
  return { campaigns: new AdCampaignService(store, destinations, clock), server: new AdServer(store, clock), stats: new AdNetworkService(store, clock), store };
};

/** Every impression row of a campaign, and what they were charged in total. */
async function impressionsOf(database: Database, campaignId: string) {
  const rows = await database.db.selectFrom("ad_impressions").select(["id", "price_micros"]).where("campaign_id", "=", campaignId).execute();
  return { count: rows.length, chargedMicros: rows.reduce((s, r) => s + Number(r.price_micros), 0) };
}

describeOnEachDatabase("ad network", (open) => {
  let database: Database;
  let destinations: SafeOutboundClient;
  let clock: FakeClock;
  let net: Network;

  beforeAll(async () => {
    database = await open();
    destinations = createSafeOutboundClient({ resolve: adDns });
    clock = new FakeClock(NOW_MS);
    net = networkOn(database, clock, destinations);
  });
  afterAll(async () => {
    await destinations?.close();
  });

  it("never overspends a budget under many concurrent serves, and never serves it once exhausted", async () => {
    const budgetUsd = 1;
    const campaign = await net.campaigns.create({ creative: creative("router", ["budgettest"]), budgetUsd, advertiser: wallet(1) });
    const price = impressionPriceMicros("router");
    const affordable = (budgetUsd * MICROS_PER_USD) / price; // 200: every impression price divides a cent
    const answers = await Promise.all(Array.from({ length: affordable + 60 }, () => net.server.serve("router", "budgettest")));
    const filled = answers.filter((a) => a !== null);
    expect(filled.length).toBe(affordable);
    expect(new Set(filled.map((a) => a!.impressionId)).size).toBe(affordable);

    const stored = await net.campaigns.status(campaign.id);
    const charged = await impressionsOf(database, campaign.id);
    expect(charged.count * price).toBeLessThanOrEqual(budgetUsd * MICROS_PER_USD);
    expect(charged).toEqual({ count: affordable, chargedMicros: budgetUsd * MICROS_PER_USD });
    expect([stored.state, stored.remainingMicros, stored.impressions, stored.exhaustedAtMs]).toEqual(["exhausted", 0, affordable, NOW_MS]);
    expect(await net.server.serve("router", "budgettest")).toBeNull();
    expect((await impressionsOf(database, campaign.id)).count).toBe(affordable);
  });

  it("chooses by keywords matched, then unspent share of budget; other placements and unmatched words get no fill", async () => {
    const two = await net.campaigns.create({ creative: creative("what-agents-want", ["orderbook", "depth"], "Two keywords"), budgetUsd: 5, advertiser: wallet(2) });
    clock.advance(1);
    const big = await net.campaigns.create({ creative: creative("what-agents-want", ["crypto"], "Twice the budget"), budgetUsd: 2, advertiser: wallet(3) });
    clock.advance(1);
    const small = await net.campaigns.create({ creative: creative("what-agents-want", ["crypto"], "Half the budget"), budgetUsd: 1, advertiser: wallet(4) });
    const titleOf = async (keywords: string) => (await net.server.serve("what-agents-want", keywords))?.title ?? null;

    expect(await titleOf("Crypto ORDERBOOK depth")).toBe(two.title);
    expect((await net.server.serve("what-agents-want", "depth, crypto orderbook"))!.matchedKeywords).toEqual(["depth", "orderbook"]);
    expect(await titleOf("equities bonds")).toBeNull();
    expect(await net.server.serve("arena-rounds", "crypto orderbook")).toBeNull();
    // One keyword matched each: the largest unspent share of budget first, so
    // impressions go in proportion to budgets, and a tie goes to the older campaign.
    const shown: (string | null)[] = [];
    for (let i = 0; i < 30; i++) shown.push(await titleOf("crypto"));
    expect(shown.slice(0, 4)).toEqual([big.title, small.title, big.title, big.title]);
    const count = (title: string) => shown.filter((t) => t === title).length;
    expect([count(big.title), count(small.title), count(two.title)]).toEqual([20, 10, 0]);
  });

  it("redirects a click only to the stored url and counts an impression's first click once", async () => {
    const campaign = await net.campaigns.create({ creative: creative("arena-rounds", ["btc"]), budgetUsd: 1, advertiser: wallet(5) });
    const served = (await net.server.serve("arena-rounds", "BTC round"))!;
    expect(await net.server.click(served.impressionId)).toBe(campaign.url);
    expect(await net.server.click(served.impressionId)).toBe(campaign.url);
    expect((await net.campaigns.status(campaign.id)).clicks).toBe(1);
    expect(await net.server.click("imp_000000000000000000000000")).toBeUndefined();
    expect(await net.server.click("https://evil.example.net/")).toBeUndefined();
  });
});

describe("advertiser buckets", () => {
  it("withholds counts under 3 and buckets the rest", () => {
    expect([0, 1, 2, 3, 9, 10, 24, 25, 49, 50, 99, 100, 5000].map(advertiserBucket)).toEqual([
      null, null, null, "3-9", "3-9", "10-24", "10-24", "25-49", "25-49", "50-99", "50-99", "100+", "100+",
    ]);
  });
});

describe("network statistics privacy", () => {
  let database: Database;
  let destinations: SafeOutboundClient;
  let net: Network;
  const clock = new FakeClock(NOW_MS);

  beforeAll(async () => {
    database = await testDatabaseKinds()[0].open();
    destinations = createSafeOutboundClient({ resolve: adDns });
    net = networkOn(database, clock, destinations);
  });
  afterAll(async () => {
    await destinations?.close();
    await database?.close();
  });

  it("withholds figures resting on fewer than 3 advertisers and sums only published placements", async () => {
    // Router: 2 advertisers (withheld). What-agents-want: 3 advertisers, two of them with two campaigns.
    for (const n of [1, 2]) await net.campaigns.create({ creative: creative("router", ["data"]), budgetUsd: 1, advertiser: wallet(n) });
    expect((await net.stats.stats()).campaigns).toBeNull();
    for (const n of [3, 4, 5, 3, 4]) await net.campaigns.create({ creative: creative("what-agents-want", ["data"]), budgetUsd: 1, advertiser: wallet(n) });
    for (let i = 0; i < 4; i++) await net.server.serve("router", "data");
    for (let i = 0; i < 10; i++) await net.server.serve("what-agents-want", "data");
    for (let i = 0; i < 2; i++) await net.server.serve("what-agents-want", "nothing-matches");
    const served = (await net.server.serve("what-agents-want", "data"))!;
    await net.server.click(served.impressionId);

    const stats = await net.stats.stats();
    expect(stats.campaigns).toEqual({ active: 7, exhausted: 0, advertisers: "3-9" });
    const byPlacement = Object.fromEntries(stats.placements.map((p) => [p.placement, p]));
    expect(byPlacement.router).toEqual({ placement: "router", serveRequests: 4, activity: null });
    expect(byPlacement["what-agents-want"].activity).toEqual({ impressions: 11, clicks: 1, fillRate: 11 / 13, clickThroughRate: 1 / 11, advertisers: "3-9" });
    expect(stats.total).toEqual({
      serveRequests: 17,
      activity: { impressions: 11, clicks: 1, fillRate: 11 / 13, clickThroughRate: 1 / 11, advertisers: "3-9" },
      placementsIncluded: ["what-agents-want"],
    });
    expect(JSON.stringify(stats)).not.toMatch(/0x[0-9a-f]{40}|cmp_|imp_/);

    // Outside the 30-day window the activity is gone; campaign counts (all time) stay.
    clock.advance(31 * 86_400_000);
    const later = await net.stats.stats();
    expect(later.total).toEqual({ serveRequests: 0, activity: null, placementsIncluded: [] });
    clock.advance(-31 * 86_400_000);
  });
});

describe.skipIf(testDatabaseKinds()[1].unavailable)("ad budget across two nodes on one PostgreSQL", () => {
  it("two nodes serving one campaign in parallel never charge more than its budget", async () => {
    const shared = await openSharedPostgres(process.env.TEST_PG_URL!, 2);
    const destinations = createSafeOutboundClient({ resolve: adDns });
    try {
      const clock = new FakeClock(NOW_MS);
      const [a, b] = shared.nodes.map((node) => networkOn(node, clock, destinations));
      const campaign = await a.campaigns.create({ creative: creative("arena-rounds", ["eth"]), budgetUsd: 1.37, advertiser: wallet(9) });
      const affordable = Math.floor((1.37 * MICROS_PER_USD) / impressionPriceMicros("arena-rounds"));
      const serves = Array.from({ length: affordable + 80 }, (_, i) => (i % 2 === 0 ? a : b).server.serve("arena-rounds", "eth"));
      expect((await Promise.all(serves)).filter((s) => s !== null).length).toBe(affordable);
      const charged = await impressionsOf(shared.nodes[1], campaign.id);
      expect(charged).toEqual({ count: affordable, chargedMicros: Math.round(1.37 * MICROS_PER_USD) });
      expect((await b.campaigns.status(campaign.id)).state).toBe("exhausted");
    } finally {
      await destinations.close();
      await shared.close();
    }
  });
});
