import { beforeAll, expect, it } from "vitest";
import { demandSample } from "../../src/services/demand/about-report.js";
import { DemandReports } from "../../src/services/demand/demand-reports.js";
import { NO_NOISE } from "../../src/services/demand/figure-noise.js";
import { RequestLogRollups } from "../../src/storage/repos/request-log-rollups.js";
import { FakeClock } from "../support/fake-clock.js";
import { describeOnEachDatabase } from "../support/test-databases.js";
import { bucket, dayOf, distinctClients, inWindow, kept, naiveRows } from "./naive-demand-oracle.js";
import { NOW_MS, SYNTHETIC_SOURCES, syntheticLog, writeSyntheticLog, type SyntheticRequest } from "./synthetic-demand.js";

const ALLOWED_BUCKETS = new Set(["0", "3-9", "10-24", "25-49", "50-99", "100+"]);
const log = syntheticLog();
const agents = (requests: SyntheticRequest[]) => requests.filter((r) => r.automation == null && r.unrouted !== true);

/** Every client-count field anywhere in a body (fields named clients, buyers, *_clients). */
function bucketsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => bucketsIn(v, found));
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if ((k === "clients" || k === "buyers" || k.endsWith("_clients")) && v !== null) found.push(String(v));
      else bucketsIn(v, found);
    }
  }
  return found;
}

// The suppression arithmetic, exactly (without noise); demand-privacy-attack.test.ts covers the noise.
describeOnEachDatabase("demand reports on a synthetic log", (open) => {
  let reports: DemandReports;
  const everything: Record<string, unknown> = {};

  beforeAll(async () => {
    const database = await open();
    await writeSyntheticLog(database, log);
    reports = new DemandReports(new RequestLogRollups(database.db), SYNTHETIC_SOURCES, new FakeClock(NOW_MS), NO_NOISE);
    for (const days of [7, 30, 90]) {
      const w = reports.window(days);
      everything[`top${days}`] = await reports.log.top(w);
      everything[`unmet${days}`] = await reports.log.unmet(w);
      everything[`conversion${days}`] = await reports.log.conversion(w);
      everything[`competitors${days}`] = await reports.market.competitors(w);
      everything[`intent${days}`] = await reports.router.intent(w);
      everything[`matches${days}`] = await reports.market.matches(w);
      everything[`pricing${days}`] = await reports.market.pricing(w);
      everything[`reliability${days}`] = await reports.router.reliability(w);
    }
    for (let days = 1; days <= 31; days++) everything[`crawl${days}`] = await reports.crawlsAndWeeks.crawlToRefer(reports.window(days));
    everything.about = await demandSample(reports);
    everything.weekly = await reports.weekly();
  }, 120_000);

  it("never shows a row of 1 or 2 clients, a client key, or a count that is not a bucket", () => {
    const text = JSON.stringify(everything);
    expect(text).not.toContain("synthetic-"); // no client key, in any report
    expect(text).not.toContain("/get_latest_price"); // 2 clients a day
    expect(text).not.toContain("/api/news/latest"); // 2 clients a day for 10 days (20 hits) is still 2 clients
    expect(text).not.toContain("lonely.example"); // one outcome report
    expect(text).not.toContain("market-data\",\"needs"); // the 2-client stock intent
    expect(text).not.toContain("0x1234"); // a wallet-looking word of a withheld need
    const buckets = bucketsIn(everything);
    expect(buckets.length).toBeGreaterThan(50);
    for (const b of buckets) expect(ALLOWED_BUCKETS.has(b), b).toBe(true);
  });

  it("top: known answers, monitors and indexers excluded, equal to the naive oracle in every window", async () => {
    const top7 = everything.top7 as Awaited<ReturnType<DemandReports["log"]["top"]>>;
    expect(top7.endpoints.find((e) => e.path === "/get_patterns")).toEqual({
      path: "/get_patterns", category: "patterns", price_band: "0.05-0.099", quotes: 70, served: 28, hits: 98, clients: "10-24", buyers: "10-24",
    });
    expect(top7.endpoints.find((e) => e.path === "/get_price_history")).toEqual({
      path: "/get_price_history", category: "market-data", price_band: "under_0.01", quotes: 30, served: 0, hits: 30, clients: "3-9", buyers: "3-9",
    });
    // The lone client's 50 quotes 20 days ago are in no window: 30 days = 7 days + the 42 quotes of 6 early clients.
    const top30 = everything.top30 as typeof top7;
    expect(top30.endpoints.find((e) => e.path === "/get_patterns")?.quotes).toBe(112);
    for (const days of [7, 30, 90]) {
      const top = everything[`top${days}`] as typeof top7;
      const oracle = naiveRows(agents(inWindow(log, days)), (r) => r.path);
      expect(top.endpoints.map((e) => e.path).sort()).toEqual([...oracle.keys()].sort());
      for (const e of top.endpoints) {
        const o = oracle.get(e.path)!;
        expect([e.path, e.quotes, e.served, e.hits, e.clients]).toEqual([e.path, o.quotes, o.served, o.requests, bucket(o.clients)]);
      }
    }
  });

  it("no withheld cell is recoverable by subtraction: categories, totals, 7d vs 30d, any two crawl windows, days", () => {
    for (const days of [7, 30, 90]) {
      const top = everything[`top${days}`] as Awaited<ReturnType<DemandReports["log"]["top"]>>;
      for (const c of top.categories) {
        const mine = top.endpoints.filter((e) => e.category === c.category);
        expect([c.category, c.quotes, c.served, c.hits]).toEqual([c.category, ...(["quotes", "served", "hits"] as const).map((f) => mine.reduce((t, e) => t + e[f], 0))]);
      }
    }
    // 30d minus 7d of a row is exactly the kept cells of days 8..30: never a cell of 1 or 2 clients.
    const top7 = everything.top7 as Awaited<ReturnType<DemandReports["log"]["top"]>>;
    const top30 = everything.top30 as typeof top7;
    const slice = naiveRows(agents(inWindow(log, 23, 7)), (r) => r.path);
    for (const e30 of top30.endpoints) {
      const e7 = top7.endpoints.find((e) => e.path === e30.path);
      const difference = e30.hits - (e7?.hits ?? 0);
      expect([e30.path, difference]).toEqual([e30.path, slice.get(e30.path)?.requests ?? 0]);
      const raw = agents(inWindow(log, 23, 7)).filter((r) => r.path === e30.path);
      const recovered = kept(raw);
      expect(recovered.length === 0 || distinctClients(recovered) >= 3).toBe(true);
    }
    // Crawl windows n and n+1 differ by the kept crawl cells of one day only.
    type Takers = Awaited<ReturnType<DemandReports["crawlsAndWeeks"]["crawlToRefer"]>>;
    for (let days = 1; days <= 30; days++) {
      const shorter = everything[`crawl${days}`] as Takers;
      const longer = everything[`crawl${days + 1}`] as Takers;
      for (const company of longer) {
        const dayRequests = inWindow(log, 1, days).filter((r) => r.aiCompany === company.company && r.automation == null);
        const diff = company.crawls - (shorter.find((t) => t.company === company.company)?.crawls ?? 0);
        expect([company.company, days, diff]).toEqual([company.company, days, kept(dayRequests).length]);
      }
    }
    const about = everything.about as Awaited<ReturnType<typeof demandSample>>;
    for (const d of about.free_sample.daily_30d) {
      const day = inWindow(log, 1, dayOf(d.date) - 1);
      expect([d.date, d.requests, d.quotes]).toEqual([d.date, kept(day).length, kept(day).filter((r) => r.outcome === "quote").length]);
    }
    const conversion = everything.conversion30 as Awaited<ReturnType<DemandReports["log"]["conversion"]>>;
    expect(conversion.overall.with_monitors.quotes).toBe(conversion.rows.reduce((t, r) => t + r.with_monitors.quotes, 0));
  });

  it("conversion with and without monitors, and the free sample's figures", () => {
    const conversion = everything.conversion30 as Awaited<ReturnType<DemandReports["log"]["conversion"]>>;
    expect(conversion.rows).toEqual([
      {
        category: "patterns",
        price_band: "0.05-0.099",
        with_monitors: { quotes: 147, served: 28, conversion_rate_pct: 19, quoting_clients: "10-24" },
        excluding_monitors: { quotes: 112, served: 28, conversion_rate_pct: 25, quoting_clients: "10-24" },
      },
      {
        category: "market-data",
        price_band: "under_0.01",
        with_monitors: { quotes: 30, served: 0, conversion_rate_pct: 0, quoting_clients: "3-9" },
        excluding_monitors: { quotes: 30, served: 0, conversion_rate_pct: 0, quoting_clients: "3-9" },
      },
    ]);
    const sample = (everything.about as Awaited<ReturnType<typeof demandSample>>).free_sample;
    expect(sample.overall_conversion_30d).toMatchObject({ quotes: 177, quoting_clients: "10-24", conversion_rate_pct: 15.8 });
    expect(sample.conversion_excluding_monitors_30d).toMatchObject({ quotes: 142, quoting_clients: "10-24", conversion_rate_pct: 19.7, monitor_share_of_quotes_pct: 19.8 });
    expect(sample.top_3_quoted_endpoints_7d.map((e) => [e.path, e.quotes, e.buyers])).toEqual([
      ["/get_patterns", 70, "10-24"],
      ["/get_price_history", 30, "3-9"],
    ]);
    expect(sample.daily_30d).toHaveLength(30);
  });

  it("crawl-to-refer: ratios, null without referrals, withheld single crawler, mixed use", () => {
    const takers = everything.crawl30 as Awaited<ReturnType<DemandReports["crawlsAndWeeks"]["crawlToRefer"]>>;
    expect(takers.map(({ company, crawls, referrals, crawl_to_refer, mixed_use }) => ({ company, crawls, referrals, crawl_to_refer, mixed_use }))).toEqual([
      { company: "openai", crawls: 240, referrals: 15, crawl_to_refer: 16, mixed_use: true },
      { company: "anthropic", crawls: 10, referrals: 0, crawl_to_refer: null, mixed_use: true },
      { company: "perplexity", crawls: 0, referrals: 3, crawl_to_refer: 0, mixed_use: false },
    ]);
  });

  it("unmet: a build order of missing, listed-not-built and quoted-never-paid paths, noise and 2-client paths left out", () => {
    const unmet = everything.unmet30 as Awaited<ReturnType<DemandReports["log"]["unmet"]>>;
    expect(unmet.map((u) => [u.rank, u.path, u.reason, u.evidence.hits, u.evidence.clients, u.evidence.days_seen])).toEqual([
      [1, "/get_price_history", "quoted_never_paid", 30, "3-9", 5],
      [2, "/api/weather/{id}", "not_served", 16, "3-9", 4],
      [3, "/analyze", "listed_not_built", 6, "3-9", 1],
    ]);
  });

  it("what-agents-want: topics of the last week against the week before, equal to the oracle", () => {
    const weekly = everything.weekly as Awaited<ReturnType<DemandReports["weekly"]>>;
    const humans = (rs: SyntheticRequest[]) => rs.filter((r) => r.automation == null);
    const now = naiveRows(humans(inWindow(log, 7)), (r) => r.category);
    const before = naiveRows(humans(inWindow(log, 7, 7)), (r) => r.category);
    expect(weekly.topics.map((t) => t.topic).sort()).toEqual([...now.keys()].sort());
    for (const t of weekly.topics) expect([t.topic, t.requests, t.previous_requests]).toEqual([t.topic, now.get(t.topic)!.requests, before.get(t.topic)?.requests ?? 0]);
    expect(weekly.topics[0]).toMatchObject({ topic: "patterns", requests: 98, previous_requests: 42, change: 56, change_pct: 133.3 });
    expect(weekly.topics.find((t) => t.topic === "weather")).toMatchObject({ requests: 16, previous_requests: 0, change_pct: null });
  });

  it("intent, reliability, competitors, matches and pricing from the router, probe and mirror", () => {
    expect(everything.intent7).toEqual([{ intent: "weather", needs: 12, clicks: 3, outcomes: 6, clients: "3-9", top_terms: ["forecast", "paris", "tomorrow", "weather"] }]);
    expect(everything.reliability7).toEqual([
      {
        origin: "https://weather.example",
        probe: { samples: 2, checks: 8, checks_passed: 7, success_rate: 0.875, latest_grade: "A", last_probed_at: new Date(NOW_MS - 12 * 3_600_000 - 2 * 86_400_000 + 10 * 3_600_000).toISOString() },
        outcomes: { samples: 6, helped: 3, success_rate: 0.5, clients: "3-9" },
      },
    ]);
    const competitors = everything.competitors30 as Awaited<ReturnType<DemandReports["market"]["competitors"]>>;
    expect(competitors.census).toEqual([{ category: "weather", resources: 4, origins: 4, by_index: { cdp: 4 }, median_price_usd: 0.0025, priced_resources: 4 }]);
    const ecosystems = naiveRows(inWindow(log, 30), (r) => r.ecosystem ?? "agent-sdk");
    expect(Object.fromEntries(competitors.ecosystems.map((e) => [e.ecosystem, e.requests]))).toEqual(Object.fromEntries([...ecosystems].map(([k, v]) => [k, v.requests])));
    const matches = everything.matches30 as Awaited<ReturnType<DemandReports["market"]["matches"]>>;
    expect(matches.find((m) => m.unmet.path === "/api/weather/{id}")?.sellers.map((s) => [s.origin, s.price_usd, s.match_basis])).toEqual([
      ["https://weather1.example", 0.001, "shares weather; same category (weather)"],
      ["https://weather2.example", 0.002, "shares weather; same category (weather)"],
      ["https://weather3.example", 0.003, "shares weather; same category (weather)"],
    ]);
    expect(matches.find((m) => m.unmet.path === "/analyze")?.sellers).toEqual([]);
    const pricing = everything.pricing30 as Awaited<ReturnType<DemandReports["market"]["pricing"]>>;
    expect(pricing.map((p) => [p.category, p.suggested_range_usd])).toEqual([
      ["market-data", { low: 0.001, high: 0.009 }],
      ["patterns", { low: 0.05, high: 0.099 }],
      ["weather", { low: 0.00175, high: 0.00325 }],
    ]);
  });
});
