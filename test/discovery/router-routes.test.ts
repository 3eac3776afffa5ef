import { describe, expect, it } from "vitest";
import type { SponsoredPlacement } from "../../src/services/discovery/router-service.js";
import { IndexMirror } from "../../src/storage/repos/index-mirror.js";
import { RouterEvents } from "../../src/storage/repos/router-events.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { suiteService } from "../support/suite-service.js";
import type { TestService } from "../support/test-service.js";

type Result = { origin: string; path: string; ours: boolean; match_score: number; go: string; reliability: number; reliability_samples: number; description: string };
type Answer = { need: string; results_found: number; results: Result[]; sponsored: Array<Record<string, unknown>>; mirror_freshness: Record<string, string | null> };

const SPONSORED: SponsoredPlacement = { origin: "https://ads.example", path: "/offer", description: "A sponsored weather feed", price_usd: 0.002, click_url: "https://ads.example/click/1" };

/** The router over the recorded CDP crawl (imported by the test service) and our own routes. */
describe.skipIf(!SHARED_PRESENT)("router: /api/discover, /go and /outcome on the recorded crawl", () => {
  const service = suiteService();
  const sponsoredService = suiteService({ discovery: { sponsoredFor: async (need) => (need.includes("weather") ? SPONSORED : undefined) } });
  const discover = async (s: TestService, need: string, extra = "") => {
    const res = await s.app.request(`/api/discover?need=${encodeURIComponent(need)}${extra}`, { headers: { "user-agent": "router-test/1.0" } });
    return { status: res.status, body: (await res.json()) as Answer };
  };

  it("ranks a weather seller from the crawl first for 'weather forecast'", async () => {
    const { status, body } = await discover(service(), "weather forecast");
    expect(status).toBe(200);
    expect(body.results[0].path).toMatch(/weather/);
    expect(body.results[0].ours).toBe(false);
    expect(body.mirror_freshness).toEqual({ cdp: "2025-12-31T00:34:27.045Z", x402scan: null });
  });

  it("ranks price-history resources first for 'bitcoin price history', ours among them", async () => {
    const { body } = await discover(service(), "bitcoin price history", "&limit=20");
    expect(body.results[0].path).toMatch(/price.*history/);
    const ours = body.results.findIndex((r) => r.ours && r.path === "/get_price_history");
    expect(ours).toBeGreaterThanOrEqual(0);
    expect(ours).toBeLessThan(10);
  });

  it("returns at most 20 results in non-increasing match_score order, never testnet listings", async () => {
    const testnetOnly = new Set((await new IndexMirror(service().database.db).latestResources("cdp")).filter((r) => r.testnet).map((r) => `${r.origin}${r.path}`));
    expect(testnetOnly.size).toBeGreaterThan(300);
    for (const need of ["price", "image generation", "news sentiment", "token analysis"]) {
      const { body } = await discover(service(), need, "&limit=20");
      expect(body.results.length).toBeLessThanOrEqual(20);
      expect(body.results_found).toBeGreaterThanOrEqual(body.results.length);
      for (let i = 1; i < body.results.length; i += 1) expect(body.results[i].match_score).toBeLessThanOrEqual(body.results[i - 1].match_score);
      for (const r of body.results) expect(r.description.length).toBeLessThanOrEqual(200);
      for (const r of body.results) expect(testnetOnly.has(`${r.origin}${r.path}`) && !r.ours, `${r.origin}${r.path}`).toBe(false);
    }
  });

  it("gives every result a numeric reliability, as the spec types it: 0.5 when nothing has been observed of the origin", async () => {
    const { body } = await discover(service(), "stock prices", "&limit=20");
    expect(body.results.length).toBe(20);
    for (const r of body.results) {
      expect(typeof r.reliability, `${r.origin}${r.path}`).toBe("number");
      expect(Number.isInteger(r.reliability_samples)).toBe(true);
      if (r.reliability_samples === 0) expect(r.reliability).toBe(0.5);
    }
  });

  it("validates need (1 to 500 characters) and limit (at most 20)", async () => {
    expect((await discover(service(), "")).status).toBe(422);
    expect((await discover(service(), "x".repeat(501))).status).toBe(422);
    expect((await discover(service(), "x".repeat(500))).status).toBe(200);
    expect((await discover(service(), "weather", "&limit=21")).status).toBe(422);
  });

  it("go links round-trip: each redirects (302) to exactly the result's origin and path, and the click is recorded", async () => {
    const { body } = await discover(service(), "weather forecast", "&limit=5");
    const events = new RouterEvents(service().database.db);
    const before = (await events.routerEvents(0)).filter((e) => e.kind === "click").length;
    for (const r of body.results) {
      const go = new URL(r.go);
      expect(go.origin + go.pathname).toBe("http://precedent.test/api/discover/go");
      const res = await service().app.request(go.pathname + go.search, { headers: { "user-agent": "router-test/1.0" } });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(new URL(r.path, r.origin).href);
    }
    const clicks = (await events.routerEvents(0)).filter((e) => e.kind === "click");
    expect(clicks.length - before).toBe(body.results.length);
    // The caller is stored as the request log's client key only: no address, no user-agent.
    expect(JSON.stringify(clicks)).not.toMatch(/router-test|127\.0\.0\.1/);
    expect(clicks.at(-1)).toMatchObject({ need: "weather forecast", clientKey: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it("never redirects to a pair outside the index: unknown, private, look-alike and open-redirect attempts answer 404", async () => {
    const attempts: Array<[string, string]> = [
      ["https://evil.example", "/weather"],
      ["https://weather.x402app.org", "/not-listed"],
      ["http://127.0.0.1", "/"],
      ["http://169.254.169.254", "/latest/meta-data/"],
      ["http://[::1]", "/"],
      ["http://localhost:8402", "/get_price_history"],
      ["https://weather.x402app.org.evil.example", "/weather"],
      ["http://precedent.test", "/admin"],
    ];
    for (const [origin, path] of attempts) {
      const res = await service().app.request(`/api/discover/go?${new URLSearchParams({ to_origin: origin, to_path: path })}`);
      expect([origin, path, res.status]).toEqual([origin, path, 404]);
      expect(res.headers.get("location")).toBeNull();
    }
    for (const [origin, path] of [["https://weather.x402app.org", "//evil.example/x"], ["javascript:alert(1)", "/x"], ["https://weather.x402app.org/weather", "/"]]) {
      const res = await service().app.request(`/api/discover/go?${new URLSearchParams({ to_origin: origin, to_path: path })}`);
      expect([404, 422]).toContain(res.status);
      expect(res.headers.get("location")).toBeNull();
    }
    const ours = await service().app.request(`/api/discover/go?${new URLSearchParams({ to_origin: "http://precedent.test", to_path: "/get_price_history" })}`);
    expect([ours.status, ours.headers.get("location")]).toEqual([302, "http://precedent.test/get_price_history"]);
  });

  it("records an outcome report, answers an id, and feeds the result's reliability", async () => {
    const report = { need: "weather forecast", chosen_origin: "https://weather.x402app.org", chosen_path: "/weather", helped: true, paid_usd: 0.001, note: "fine" };
    const res = await service().app.request("/api/discover/outcome", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(report) });
    expect(res.status).toBe(200);
    const ack = (await res.json()) as { acknowledged: boolean; id: string; listed: boolean };
    expect(ack).toMatchObject({ acknowledged: true, listed: true });
    const stored = (await new RouterEvents(service().database.db).routerEvents(0)).find((e) => e.id === ack.id);
    expect(stored).toMatchObject({ kind: "outcome", origin: report.chosen_origin, path: "/weather", helped: true, paidUsd: 0.001, note: "fine" });
    const { body } = await discover(service(), "weather forecast", "&limit=20");
    const seller = body.results.find((r) => r.origin === report.chosen_origin && r.path === "/weather")!;
    // One happy report: (1 x 1 + 0.5 x 5) / (1 + 5), not 1.
    expect([seller.reliability, seller.reliability_samples]).toEqual([0.5833, 1]);
  });

  it("rejects outcome reports with missing or oversized fields", async () => {
    const post = (body: Record<string, unknown>) =>
      service().app.request("/api/discover/outcome", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const good = { need: "n", chosen_origin: "https://a.example", chosen_path: "/p", helped: false };
    expect((await post(good)).status).toBe(200);
    for (const bad of [
      { ...good, helped: undefined },
      { ...good, helped: "maybe" },
      { ...good, note: "x".repeat(501) },
      { ...good, need: "x".repeat(501) },
      { ...good, chosen_path: "p" },
      { ...good, chosen_origin: "a.example" },
      { ...good, paid_usd: -1 },
    ]) {
      expect([JSON.stringify(bad).slice(0, 80), (await post(bad)).status]).toEqual([JSON.stringify(bad).slice(0, 80), 422]);
    }
    expect((await service().app.request("/api/discover/outcome?need=n", { method: "GET" })).status).toBe(405);
  });

  it("keeps sponsored items apart: always present, marked, and never changing the organic order", async () => {
    const plain = await discover(service(), "weather forecast", "&limit=20");
    expect(plain.body.sponsored).toEqual([]);
    const withAd = await discover(sponsoredService(), "weather forecast", "&limit=20");
    expect(withAd.body.sponsored).toEqual([{ ...SPONSORED, sponsored: true }]);
    const order = (a: Answer) => a.results.map((r) => `${r.origin}${r.path}`);
    // The first service has one outcome report (reliability), so compare against a need it never saw a report for.
    const a = await discover(service(), "image generation");
    const b = await discover(sponsoredService(), "image generation");
    expect(order(b.body)).toEqual(order(a.body));
    expect(withAd.body.results.some((r) => r.origin === SPONSORED.origin)).toBe(false);
  });
});
