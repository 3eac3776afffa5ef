import { describe, expect, it } from "vitest";
import { findOperationContract } from "../../src/contracts/operation-contracts.js";
import { DAY_MS } from "../../src/domain/bar.js";
import { NO_NOISE } from "../../src/services/demand/figure-noise.js";
import { FakeClock } from "../support/fake-clock.js";
import { expectValidationFailures, paidRoutes } from "../support/paid-routes.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { NOW_MS, SYNTHETIC_SOURCES, syntheticLog, writeSyntheticLog } from "./synthetic-demand.js";

const PAID = ["top", "unmet", "conversion", "competitors", "intent", "crawl-to-refer", "matches", "pricing", "reliability"].map((r) => `/api/demand/${r}`);

describe.skipIf(!SHARED_PRESENT)("demand routes on the synthetic log", () => {
  const clock = new FakeClock(NOW_MS);
  const harness = paidRoutes({ clock, demandSources: SYNTHETIC_SOURCES, demandNoise: NO_NOISE, importRecordings: false });
  let written = false;
  const ready = async () => {
    if (!written) await writeSyntheticLog(harness.service().database, syntheticLog());
    written = true;
  };

  it("answers 402 unpaid and a windowed report paid, for each of the nine paid routes", async () => {
    await ready();
    for (const path of PAID) {
      const unpaid = await harness.service().app.request(path);
      expect([path, unpaid.status]).toEqual([path, 402]);
      const { status, body } = await harness.call(`${path}?window=7d`);
      expect([path, status]).toEqual([path, 200]);
      expect(body.window, path).toEqual({ days: 7, from: "2026-06-08", to: "2026-06-14" });
      expect(body.privacy, path).toContain("at least 3 distinct clients");
      // The 200 body as documented (a fresh deployment answers these 404, so the contract walk cannot check them).
      const contract = findOperationContract(`api_demand_${path.split("/").at(-1)!.replaceAll("-", "_")}`)!;
      expect(contract.response.safeParse(body).error?.issues, path).toBeUndefined();
    }
    const { body } = await harness.call("/api/demand/top?window=7d");
    expect(body.endpoints[0]).toMatchObject({ path: "/get_patterns", quotes: 70, served: 28, buyers: "10-24" });
    expect(body.totals.quotes).toBe(body.endpoints.reduce((t: number, e: { quotes: number }) => t + e.quotes, 0));
  }, 120_000);

  it("crawl-to-refer takes any window up to the retention; bad windows are 422 and uncharged", async () => {
    await ready();
    const { status, body } = await harness.call("/api/demand/crawl-to-refer?window=45");
    expect(status).toBe(200);
    expect(body.window.days).toBe(45);
    expect(body.method).toContain("Cloudflare Radar");
    expect(body.companies[0]).toMatchObject({ company: "openai", crawls: 240, referrals: 15, crawl_to_refer: 16 });
    await expectValidationFailures(harness, [
      ["/api/demand/crawl-to-refer?window=91", "window"],
      ["/api/demand/crawl-to-refer?window=0d", "window"],
      ["/api/demand/crawl-to-refer?window=week", "window"],
      ["/api/demand/top?window=14d", "window"],
    ]);
  }, 120_000);

  it("/api/demand/about is free and has exactly the spec's demand sample fields", async () => {
    await ready();
    const res = await harness.service().app.request("/api/demand/about");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, any>;
    expect(Object.keys(body).sort()).toEqual(["coverage", "free_sample", "paid_endpoints", "privacy_policy", "product", "what", "why_it_is_not_replicable"]);
    expect(Object.keys(body.coverage).sort()).toEqual(["days", "events", "first_event", "last_event", "note"]);
    const sample = body.free_sample;
    expect(Object.keys(sample).sort()).toEqual(["conversion_excluding_monitors_30d", "crawl_to_refer_30d", "daily_30d", "overall_conversion_30d", "top_3_quoted_endpoints_7d"]);
    expect(Object.keys(sample.top_3_quoted_endpoints_7d[0]).sort()).toEqual(["buyers", "category", "hits", "intent", "path", "quotes", "served"]);
    expect(Object.keys(sample.overall_conversion_30d).sort()).toEqual(["basis", "conversion_rate_pct", "quotes", "quoting_clients"]);
    expect(Object.keys(sample.conversion_excluding_monitors_30d).sort()).toEqual(["conversion_rate_pct", "monitor_share_of_quotes_pct", "note", "quotes", "quoting_clients"]);
    expect(Object.keys(sample.crawl_to_refer_30d).sort()).toEqual(["ai_crawls", "assistant_referrals", "full_cut", "top_takers"]);
    expect(Object.keys(sample.crawl_to_refer_30d.top_takers[0]).sort()).toEqual(["company", "crawl_to_refer", "crawls", "mixed_use", "referrals"]);
    expect(sample.crawl_to_refer_30d.full_cut).toContain("/api/demand/crawl-to-refer");
    expect(Object.keys(sample.daily_30d[0]).sort()).toEqual(["ai_crawls", "date", "quotes", "requests"]);
    expect(sample.daily_30d.map((d: { date: string }) => d.date)).toHaveLength(30);
    expect(sample.top_3_quoted_endpoints_7d[0].buyers).toMatch(/^\d+-\d+$/);
    expect(sample.overall_conversion_30d.quoting_clients).toMatch(/^(\d+-\d+|\d+\+)$/);
    expect(body.paid_endpoints.map((p: { path: string; price: string }) => `${p.path} ${p.price}`)).toContain("/api/demand/intent $0.25");
    expect(body.paid_endpoints).toHaveLength(9);
  }, 120_000);

  it("/what-agents-want is JSON for Accept: application/json and a page for browsers", async () => {
    await ready();
    const json = await harness.service().app.request("/what-agents-want", { headers: { accept: "application/json" } });
    expect(json.headers.get("content-type")).toContain("application/json");
    expect(json.headers.get("vary")).toContain("Accept");
    const body = (await json.json()) as { topics: { topic: string; requests: number; previous_requests: number }[] };
    expect(body.topics[0]).toMatchObject({ topic: "patterns", requests: 98, previous_requests: 42 });
    const page = await harness.service().app.request("/what-agents-want", { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("content-security-policy")).toMatch(/style-src 'sha256-/);
    const html = await page.text();
    expect(html).toContain("<table id=\"topics\">");
    expect(html).toContain("<svg id=\"topics-chart\"");
  }, 120_000);
});

describe.skipIf(!SHARED_PRESENT)("the request log feeds the reports: user-agents, referrers and unserved paths through the real middleware", () => {
  const clock = new FakeClock(NOW_MS - DAY_MS);
  // Behind a proxy we trust, which sets X-Forwarded-For (without one the header is ignored: demand-privacy-attack.test.ts).
  const harness = paidRoutes({ clock, demandNoise: NO_NOISE, importRecordings: false, env: { TRUST_PROXY: "true" } });
  const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
  const from = (n: number) => `198.51.${n}.7`;
  const get = (path: string, ua: string, ip: number, extra: Record<string, string> = {}) =>
    harness.service().app.request(path, { headers: { "user-agent": ua, "x-forwarded-for": from(ip), ...extra } });

  it("counts crawls by company and role, referrals by Referer or utm_source, never monitors or indexers", async () => {
    for (const ip of [1, 2, 3]) {
      await get("/llms.txt", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)", ip);
      await get("/llms.txt", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)", ip);
      await get("/llms.txt", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot", ip + 10);
      await get("/llms.txt", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", ip + 20);
      await get("/llms.txt", browser, ip + 30, { referer: "https://chatgpt.com/c/abc" });
      await get("/llms.txt?utm_source=chatgpt.com", browser, ip + 40);
      await get("/llms.txt", browser, ip + 50, { referer: "https://claude.ai/chat/1" });
      await get("/llms.txt", browser, ip + 60, { referer: "https://example.org/blog" });
      await get("/llms.txt", "Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)", ip + 70);
      await get("/llms.txt", "x402scan/1.0", ip + 80);
      await get("/API//Weather/12345?key=secret-value", "python-requests/2.32.3", ip + 90);
    }
    await get("/llms.txt", "Mozilla/5.0 (compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)", 200);
    clock.advance(DAY_MS);
    const { status, body } = await harness.call("/api/demand/crawl-to-refer?window=1");
    expect(status).toBe(200);
    expect(body.companies.map((c: Record<string, unknown>) => [c.company, c.crawls, c.referrals, c.crawl_to_refer, c.mixed_use])).toEqual([
      ["openai", 9, 6, 1.5, true],
      ["anthropic", 3, 3, 1, true],
    ]);
    expect([body.ai_crawls, body.assistant_referrals]).toEqual([12, 9]);
    const unmet = await harness.call("/api/demand/unmet?window=7d");
    expect(unmet.body.build_order).toEqual([
      expect.objectContaining({ path: "/api/weather/{id}", category: "weather", reason: "not_served", evidence: expect.objectContaining({ hits: 3, clients: "3-9" }) }),
    ]);
    expect(JSON.stringify(unmet.body)).not.toContain("secret");
    const competitors = await harness.call("/api/demand/competitors?window=7d");
    expect(competitors.body.index_freshness).toEqual([
      { index: "cdp", mirrored: false, mirrored_at: null },
      { index: "x402scan", mirrored: false, mirrored_at: null },
    ]);
    expect(competitors.body.supply_census).toEqual([]);
    expect(competitors.body.ecosystems_calling_us.map((e: { ecosystem: string }) => e.ecosystem)).toEqual(expect.arrayContaining(["openai", "anthropic", "browser", "monitor"]));
  }, 120_000);
});
