import { describe, expect, it } from "vitest";
import { buildCensus, medianOrNull } from "../../src/services/discovery/census-report.js";
import { listingTimeIso } from "../../src/services/discovery/listing-time.js";
import { normaliseCdpItems, normaliseX402scanItems } from "../../src/services/discovery/normalise-listings.js";
import { caip2Network } from "../../src/services/discovery/payment-networks.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { readRecordedCrawl } from "./recorded-crawl.js";

const DAY_MS = 86_400_000;
const BASE_USDC = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913";
const SOLANA_USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

/**
 * A naive reading of the recorded crawl, written apart from the normaliser: one entry per resource URL (the
 * newest), the first mainnet USDC option priced as atomic / 1e6 whatever the item's version.
 */
function naiveReading(items: Array<Record<string, any>>) {
  const newest = new Map<string, Record<string, any>>();
  for (const item of items) {
    const seen = newest.get(item.resource);
    if (seen === undefined || Date.parse(seen.lastUpdated) < Date.parse(item.lastUpdated)) newest.set(item.resource, item);
  }
  const prices: number[] = [];
  for (const item of newest.values()) {
    const mainnetUsdc = item.accepts.find((a: any) => {
      const asset = String(a.asset).split(":").pop()!;
      return ((a.network === "base" || a.network === "eip155:8453") && asset.toLowerCase() === BASE_USDC) || (String(a.network).startsWith("solana") && a.network !== "solana-devnet" && asset === SOLANA_USDC);
    });
    const atomic = mainnetUsdc === undefined ? undefined : String(mainnetUsdc.amount ?? mainnetUsdc.maxAmountRequired);
    // An empty amount (two listings) is no price at all, not a price of zero.
    if (atomic !== undefined && /^\d+$/.test(atomic)) prices.push(Number(atomic) / 1_000_000);
  }
  return { listings: [...newest.values()], prices };
}

describe.skipIf(!SHARED_PRESENT)("normalising the recorded CDP Bazaar crawl", () => {
  const crawl = SHARED_PRESENT ? readRecordedCrawl() : { resources: [], total: 0, crawledAt: "", partial: false };
  const normalised = normaliseCdpItems(crawl.resources);
  const naive = naiveReading(crawl.resources);

  it("keeps one listing per resource and method: 1400 items, 2 repeated across pages", () => {
    expect(crawl.resources.length).toBe(1400);
    expect(normalised.rejected).toBe(0);
    expect(normalised.duplicates).toBe(2);
    expect(normalised.resources.length).toBe(naive.listings.length);
    expect(normalised.resources.length).toBe(1398);
  });

  it("counts v1 and v2 items, and converts legacy network names to CAIP-2", () => {
    const byVersion = (v: number) => normalised.resources.filter((r) => r.x402_version === v).length;
    expect(byVersion(1) + byVersion(2)).toBe(1398);
    expect(byVersion(2)).toBe(crawl.resources.filter((i) => i.x402Version === 2).length);
    expect(normalised.resources.every((r) => r.network === null || /^[^:\s]+:[^:\s]+$/.test(r.network))).toBe(true);
    expect(normalised.resources.filter((r) => r.testnet).every((r) => r.network === "eip155:84532")).toBe(true);
    expect(normalised.resources.filter((r) => r.testnet).length).toBe(naive.listings.filter((i) => i.accepts.every((a: any) => a.network === "base-sepolia")).length);
  });

  it("prices v2 `amount` and v1 `maxAmountRequired` both as atomic USDC units", () => {
    const v2 = crawl.resources.find((i) => i.resource === "https://blockrun.ai/api/v1/images/generations")!;
    expect(v2.accepts[0].amount).toBe("40000");
    expect(normalised.resources.find((r) => r.resource === v2.resource)?.price_usd).toBe(0.04);
    const v1 = crawl.resources.find((i) => i.x402Version === 1 && i.accepts[0].maxAmountRequired === "10000" && i.accepts[0].network === "base")!;
    expect(normalised.resources.find((r) => r.resource === v1.resource)?.price_usd).toBe(0.01);
  });

  it("recomputes the median mainnet price and the 60-day staleness independently", () => {
    const crawledAtMs = Date.parse(crawl.crawledAt);
    const census = buildCensus(
      [{ freshness: { index: "cdp", mirrored: true, crawledAtMs, resources: normalised.resources.length, partial: false, source: "recorded", note: null }, resources: normalised.resources }],
      "http://precedent.test",
    );
    const sorted = [...naive.prices].sort((a, b) => a - b);
    const mid = sorted.length / 2;
    const expectedMedian = sorted.length % 2 === 0 ? (sorted[mid - 1] + sorted[mid]) / 2 : sorted[Math.floor(mid)];
    expect(naive.prices.length).toBeGreaterThan(900);
    expect(census.median_price_usd_by_index.cdp).toBeCloseTo(expectedMedian, 12);
    // x402scan was not mirrored: it has no median, and the census names it as missing.
    expect(Object.hasOwn(census.median_price_usd_by_index, "x402scan")).toBe(false);
    expect(census.indexes_missing).toEqual(["x402scan"]);
    const stale = naive.listings.filter((i) => Date.parse(i.lastUpdated) < crawledAtMs - 60 * DAY_MS).length;
    expect(stale).toBeGreaterThan(0);
    expect(census.listings_not_updated_in_60_days).toEqual([{ index: "cdp", resources: stale, undated: 0, as_of: crawl.crawledAt }]);
  });
}, 60_000);

describe("listing fields", () => {
  it("reads lastUpdated as ISO, unix seconds or milliseconds", () => {
    expect(listingTimeIso("2025-12-30T21:08:25.855Z")).toBe("2025-12-30T21:08:25.855Z");
    expect(listingTimeIso(1703123456)).toBe("2023-12-21T01:50:56.000Z");
    expect(listingTimeIso("1703123456")).toBe("2023-12-21T01:50:56.000Z");
    expect(listingTimeIso(1703123456789)).toBe("2023-12-21T01:50:56.789Z");
    expect(listingTimeIso("yesterday")).toBeNull();
  });

  it("maps legacy network names to CAIP-2 and leaves unknown names unguessed", () => {
    expect(caip2Network("base")).toBe("eip155:8453");
    expect(caip2Network("base_sepolia")).toBe("eip155:84532");
    expect(caip2Network("solana")).toBe("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp");
    expect(caip2Network("eip155:137")).toBe("eip155:137");
    expect(caip2Network("atlantis")).toBeNull();
  });

  it("does not divide x402scan's already-decimal amounts again, and skips deprecated listings", () => {
    const item = {
      resource: "https://seller.example/api/quote?x=1",
      method: "get",
      x402Version: 1,
      lastUpdated: "2026-01-02T00:00:00Z",
      accepts: [{ network: "base", maxAmountRequired: 0.01, asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", payTo: "0xabc" }],
      tags: [{ tag: { name: "Finance" } }],
      _count: { toolCalls: 42 },
    };
    const { resources, rejected } = normaliseX402scanItems([item, { ...item, resource: "https://seller.example/old", deprecatedAt: "2026-01-01" }]);
    expect(rejected).toBe(1);
    expect(resources).toHaveLength(1);
    expect(resources[0]).toMatchObject({ origin: "https://seller.example", path: "/api/quote?x=1", method: "GET", price_usd: 0.01, network: "eip155:8453", tags: ["finance"] });
    expect(resources[0].traction?.tool_calls).toBe(42);
  });

  it("leaves an unknown asset unpriced rather than guessing its decimals", () => {
    const { resources } = normaliseCdpItems([
      { resource: "https://x.example/a", x402Version: 2, lastUpdated: "2026-01-01T00:00:00Z", accepts: [{ network: "eip155:8453", amount: "5", asset: "0x0000000000000000000000000000000000000001" }] },
    ]);
    expect(resources[0].price_usd).toBeNull();
    expect(medianOrNull([])).toBeNull();
    expect(medianOrNull([3, 1, 2, 10])).toBe(2.5);
  });
});
