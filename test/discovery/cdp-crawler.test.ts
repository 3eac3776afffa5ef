import { describe, expect, it } from "vitest";
import { CdpBazaarCrawler, CDP_DISCOVERY_RESOURCES_URL } from "../../src/providers/discovery-indexes/cdp/cdp-bazaar-crawler.js";
import { storeCrawl } from "../../src/services/discovery/store-crawl.js";
import { createDatabase } from "../../src/storage/create-database.js";
import { IndexMirror } from "../../src/storage/repos/index-mirror.js";
import { FakeClock } from "../support/fake-clock.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { startTestService } from "../support/test-service.js";
import { readRecordedCrawl } from "./recorded-crawl.js";

const START_MS = Date.parse("2026-11-23T12:00:00Z");

/**
 * The CDP Bazaar listing replayed from the recorded crawl, page by page, as the service serves it: `limit`
 * rounded to a multiple of 10 and clamped to 20..1000, offsets snapped down to a multiple of the limit, a
 * v2 page envelope. Optionally answers 429 (Retry-After: 2) to the first request for a given offset.
 */
function replayedBazaar(items: unknown[], clock: FakeClock, options: { throttleOffset?: number } = {}) {
  const requests: Array<{ atMs: number; url: string; status: number }> = [];
  let throttled = false;
  const fetch = async (input: string | URL | Request): Promise<Response> => {
    const url = new URL(String(input));
    const limit = Math.min(1000, Math.max(20, Math.round(Number(url.searchParams.get("limit") ?? 100) / 10) * 10));
    const offset = Math.floor(Number(url.searchParams.get("offset") ?? 0) / limit) * limit;
    if (options.throttleOffset === offset && !throttled) {
      throttled = true;
      requests.push({ atMs: clock.nowMs(), url: url.href, status: 429 });
      return new Response("slow down", { status: 429, headers: { "retry-after": "2" } });
    }
    requests.push({ atMs: clock.nowMs(), url: url.href, status: 200 });
    const body = { x402Version: 2, items: items.slice(offset, offset + limit), pagination: { limit, offset, total: items.length } };
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  };
  // Sleeping moves the fake clock: spacing and backoff are measured, never waited for.
  const sleep = async (ms: number) => clock.advance(ms);
  return { fetch, sleep, requests };
}

describe.skipIf(!SHARED_PRESENT)("CDP Bazaar crawler on the replayed recorded crawl", () => {
  const items = SHARED_PRESENT ? readRecordedCrawl().resources : [];

  it("pages to the end at one request per second, backs off a 429, and stores 1398 listings", async () => {
    const clock = new FakeClock(START_MS);
    const bazaar = replayedBazaar(items, clock, { throttleOffset: 700 });
    const crawl = await new CdpBazaarCrawler({ fetch: bazaar.fetch, sleep: bazaar.sleep, clock }).crawl();
    expect(crawl).toMatchObject({ partial: false, source: CDP_DISCOVERY_RESOURCES_URL, crawledAtMs: START_MS });
    expect(crawl.items).toHaveLength(1400);
    const ok = bazaar.requests.filter((r) => r.status === 200);
    expect(ok.map((r) => new URL(r.url).searchParams.get("offset"))).toEqual(["0", "100", "200", "300", "400", "500", "600", "700", "800", "900", "1000", "1100", "1200", "1300"]);
    expect(ok.every((r) => new URL(r.url).searchParams.get("type") === "http")).toBe(true);
    for (let i = 1; i < bazaar.requests.length; i += 1) expect(bazaar.requests[i].atMs - bazaar.requests[i - 1].atMs).toBeGreaterThanOrEqual(1000);
    const throttled = bazaar.requests.findIndex((r) => r.status === 429);
    expect(bazaar.requests[throttled + 1].atMs - bazaar.requests[throttled].atMs).toBeGreaterThanOrEqual(2000);

    const database = await createDatabase({ kind: "sqlite", file: ":memory:" });
    const stored = await storeCrawl(new IndexMirror(database.db), "cdp", crawl);
    expect(stored).toMatchObject({ items: 1400, resources: 1398, duplicates: 2, rejected: 0, partial: false });
    await database.close();
  });

  it("follows the limit the service answers with (clamped) rather than the one it asked for", async () => {
    const clock = new FakeClock(START_MS);
    const bazaar = replayedBazaar(items.slice(0, 250), clock);
    const crawl = await new CdpBazaarCrawler({ fetch: bazaar.fetch, sleep: bazaar.sleep, clock }).crawl();
    expect(crawl.items).toHaveLength(250);
    expect(bazaar.requests).toHaveLength(3);
  });

  it("fails the crawl on a page that is not the listing, so the last good snapshot stays", async () => {
    const clock = new FakeClock(START_MS);
    const fetch = async () => new Response("<html>maintenance</html>", { status: 200 });
    await expect(new CdpBazaarCrawler({ fetch, sleep: async (ms) => clock.advance(ms), clock }).crawl()).rejects.toMatchObject({ code: "UPSTREAM_UNAVAILABLE" });
  });
});

describe.skipIf(!SHARED_PRESENT)("mirror jobs on the service's jobs runner", () => {
  it("the CDP job crawls through the injected transport and the census reads the new snapshot; x402scan is off without a key", async () => {
    const clock = new FakeClock(START_MS);
    const bazaar = replayedBazaar(SHARED_PRESENT ? readRecordedCrawl().resources.slice(0, 120) : [], clock);
    const service = await startTestService({ importRecordings: false, clock, discovery: { fetch: bazaar.fetch, sleep: bazaar.sleep } });
    try {
      const mirror = new IndexMirror(service.database.db);
      expect((await mirror.freshness()).map((f) => f.mirrored)).toEqual([false, false]);
      await service.jobs.runNow("index-mirror-cdp");
      const [cdp, x402scan] = await mirror.freshness();
      expect(cdp).toMatchObject({ index: "cdp", mirrored: true, crawledAtMs: START_MS, resources: 120, partial: false });
      expect(x402scan).toMatchObject({ index: "x402scan", mirrored: false, crawledAtMs: null });
      // Without MIRROR_WALLET_PRIVATE_KEY there is no x402scan job at all: nothing can pay, nothing is guessed.
      await expect(service.jobs.runNow("index-mirror-x402scan")).rejects.toThrow(/no job named/);
      const listings = await mirror.listingsForOrigin(cdp.crawledAtMs === null ? "" : (await mirror.latestResources("cdp"))[0].origin);
      expect(listings.x402scan).toBeNull();
      expect(listings.cdp!.length).toBeGreaterThan(0);
    } finally {
      await service.close();
    }
  }, 120_000);

  it("registers no crawl job offline (MARKET_DATA_DIR set, no transport given): the mirrors hold what was imported", async () => {
    const service = await startTestService({ importRecordings: false, env: { MIRROR_WALLET_PRIVATE_KEY: `0x${"0".repeat(63)}7` } });
    try {
      await expect(service.jobs.runNow("index-mirror-cdp")).rejects.toThrow(/no job named/);
      await expect(service.jobs.runNow("index-mirror-x402scan")).rejects.toThrow(/no job named/);
    } finally {
      await service.close();
    }
  }, 120_000);

  it("registers the paid x402scan job only when MIRROR_WALLET_PRIVATE_KEY is set", async () => {
    const seen: string[] = [];
    const fetch = async (input: string | URL | Request) => {
      seen.push(input instanceof Request ? input.url : String(input));
      return new Response("{}", { status: 500 });
    };
    const service = await startTestService({
      importRecordings: false,
      env: { MIRROR_WALLET_PRIVATE_KEY: `0x${"0".repeat(63)}7`, MIRROR_BUDGET_USD: "0.05" },
      discovery: { fetch, x402scanUrl: "https://x402scan.test/api/x402/resources" },
    });
    try {
      await service.jobs.runNow("index-mirror-x402scan");
      expect(seen[0]).toBe("https://x402scan.test/api/x402/resources?page=0&page_size=100");
      expect((await new IndexMirror(service.database.db).freshness())[1].mirrored).toBe(false);
    } finally {
      await service.close();
    }
  }, 120_000);
});
