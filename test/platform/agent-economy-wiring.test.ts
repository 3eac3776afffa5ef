import { describe, expect, it } from "vitest";
import { demandSourcesFrom, probeListingsFrom } from "../../src/main/agent-economy-wiring.js";
import { IndexMirror } from "../../src/storage/repos/index-mirror.js";
import { ProbeResults } from "../../src/storage/repos/probe-results.js";
import { RouterEvents } from "../../src/storage/repos/router-events.js";
import { paidRoutes } from "../support/paid-routes.js";
import { queryOf } from "../support/query-of.js";
import { campaignPath, ROUTER_CAMPAIGN } from "../support/ad-campaigns.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

type Result = { origin: string; path: string };

/**
 * The families of the agent economy as the composition root connects them, on the real service with the
 * recorded CDP crawl imported: the probe and the demand reports see the mirrors, and the ad network's
 * labelled slot reaches the router and the rounds listing without touching their organic answers.
 */
describe.skipIf(!SHARED_PRESENT)("agent-economy wiring", () => {
  const harness = paidRoutes();

  it("gives the probe an origin's listings from the mirrored CDP crawl, and says x402scan is not mirrored", async () => {
    const mirror = new IndexMirror(harness.service().database.db);
    const [someListing] = await mirror.latestResources("cdp");
    const listings = await probeListingsFrom(mirror)(someListing!.origin);
    const cdp = listings.find((l) => l.index === "cdp_bazaar")!;
    expect(cdp.mirrored).toBe(true);
    expect(new Date(cdp.mirroredAtMs!).toISOString().slice(0, 7)).toMatch(/^202[56]-/); // the recorded crawl time
    expect(cdp.resources.map((r) => r.resource)).toContain(someListing!.resource);
    expect(listings.find((l) => l.index === "x402scan")).toMatchObject({ mirrored: false, resources: [], note: "index not mirrored" });
  });

  it("gives the demand reports the mirrored listings, each index's freshness and the router's events", async () => {
    const db = harness.service().database.db;
    const sources = demandSourcesFrom(new IndexMirror(db), new RouterEvents(db), new ProbeResults(db));
    const mirrored = await sources.mirroredResources();
    expect(mirrored.length).toBe((await new IndexMirror(db).latestResources("cdp")).length);
    expect(mirrored.every((r) => r.index === "cdp")).toBe(true);
    const freshness = await sources.indexFreshness();
    expect(freshness.find((f) => f.index === "cdp")?.mirrored).toBe(true);
    expect(freshness.find((f) => f.index === "x402scan")).toMatchObject({ mirrored: false, mirrored_at: null });
    const before = Date.now();
    const res = await harness.service().app.request("/api/discover?need=weather%20forecast");
    expect(res.status).toBe(200);
    const needs = (await sources.routerEvents(before - 1, Date.now() + 1)).filter((e) => e.kind === "need");
    expect(needs.map((e) => e.need)).toContain("weather forecast");
  });

  it("counts the probes of an origin in the router's reliability beside outcome reports (A-C working, D and F not)", async () => {
    const db = harness.service().database.db;
    const origin = "https://api.x402app.org";
    const probe = (grade: "A" | "F") =>
      new ProbeResults(db).record({ origin, probedAtMs: Date.now(), grade, resource: null, checks: [], listings: [], timings: { totalMs: 0, requests: [] } });
    await probe("A");
    await probe("F");
    const answer = (await (await harness.service().app.request("/api/discover?need=weather%20forecast")).json()) as { results: Array<Result & { reliability: number | null; reliability_samples: number }> };
    const listed = answer.results.filter((r) => r.origin === origin);
    expect(listed.length).toBeGreaterThan(0);
    for (const r of listed) expect([r.reliability, r.reliability_samples]).toEqual([0.5, 2]);
  });

  it("shows a bought router campaign in the router's sponsored slot only, leaving the organic results as they were", async () => {
    const need = "crypto orderbook snapshots";
    const organic = async () => (await (await harness.service().app.request(`/api/discover?${queryOf({ need })}`)).json()) as { results: Result[]; sponsored: unknown[] };
    const before = await organic();
    expect(before.sponsored).toEqual([]);
    const bought = await harness.call(campaignPath(ROUTER_CAMPAIGN));
    expect(bought.status).toBe(200);
    const after = await organic();
    expect(after.results.map((r) => `${r.origin}${r.path}`)).toEqual(before.results.map((r) => `${r.origin}${r.path}`));
    expect(after.sponsored).toHaveLength(1);
    expect(after.sponsored[0]).toMatchObject({ origin: "https://ads.example.com", path: "/order-books" });
    expect(String((after.sponsored[0] as { click_url: string }).click_url)).toMatch(/\/api\/ads\/click\?id=imp_[0-9a-f]{24}$/);
  });

  it("fills the weekly page's labelled slot from a what-agents-want campaign, in the JSON and on the page", async () => {
    const campaign = {
      ...ROUTER_CAMPAIGN,
      placement: "what-agents-want",
      title: "Agent demand dashboards",
      url: "https://ads.example.com/dashboards",
      description: "Hosted dashboards of what software agents buy, updated hourly.",
      keywords: "agents, demand",
    };
    expect((await harness.call(campaignPath(campaign))).status).toBe(200);
    const json = (await (await harness.service().app.request("/what-agents-want", { headers: { accept: "application/json" } })).json()) as { sponsored: Record<string, unknown> | null };
    expect(json.sponsored).toMatchObject({ sponsored: true, label: "Sponsored", placement: "what-agents-want", title: campaign.title, display_host: "ads.example.com" });
    const page = await (await harness.service().app.request("/what-agents-want", { headers: { accept: "text/html" } })).text();
    expect(page).toMatch(/<aside id="sponsored"[^>]*><strong>Sponsored<\/strong> <a href="[^"]+\/api\/ads\/click\?id=imp_[0-9a-f]{24}" rel="sponsored nofollow">Agent demand dashboards<\/a>/);
  });
});
