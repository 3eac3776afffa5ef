import { DAY_MS } from "../../src/domain/bar.js";
import type { DemandSources, MirroredResource, ProbeResult, RouterEvent } from "../../src/services/demand/demand-sources.js";
import type { Database } from "../../src/storage/create-database.js";
import { RequestLog, type RequestOutcome } from "../../src/storage/repos/request-log.js";

/*
 * SYNTHETIC TEST DATA. Nothing here is real traffic: a generated request log of many made-up clients
 * ("synthetic-..." keys) built so that every report has a known answer, plus a made-up mirror, router log and
 * probe log for the DemandSources seam (the only part faked; the request log is the real repository).
 */

export const NOW_MS = Date.parse("2026-06-15T12:00:00.000Z");
const TODAY_MS = Math.floor(NOW_MS / DAY_MS) * DAY_MS;

/** One synthetic request; `day` 1 is yesterday (today is never reported). */
export interface SyntheticRequest {
  day: number;
  client: string;
  path: string;
  outcome: RequestOutcome;
  unrouted?: boolean;
  automation?: "monitor" | "indexer" | null;
  ecosystem?: string;
  aiCompany?: string | null;
  aiRole?: string | null;
  assistant?: string | null;
  category: string;
  priceBand: string | null;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const clients = (prefix: string, n: number) => range(1, n).map((i) => `synthetic-${prefix}-${String(i).padStart(3, "0")}`);

function repeat(days: number[], who: string[], perClientPerDay: number, base: Omit<SyntheticRequest, "day" | "client">): SyntheticRequest[] {
  return days.flatMap((day) => who.flatMap((client) => range(1, perClientPerDay).map(() => ({ ...base, day, client }))));
}

const patterns = { path: "/get_patterns", category: "patterns", priceBand: "0.05-0.099", ecosystem: "agent-sdk" } as const;
const history = { path: "/get_price_history", category: "market-data", priceBand: "under_0.01", ecosystem: "agent-sdk" } as const;
const latest = { path: "/get_latest_price", category: "market-data", priceBand: "under_0.01", ecosystem: "agent-sdk" } as const;
const missing = (path: string, category: string) => ({ path, category, priceBand: null, unrouted: true, ecosystem: "agent-sdk" });
const buyers = clients("buyer", 10);

/** The log. Comments give the answer each part is built to produce. */
export function syntheticLog(): SyntheticRequest[] {
  return [
    // /get_patterns: 10 clients quoted every day of the last 7 (70 quotes), 4 of them paid every day (28 served).
    ...repeat(range(1, 7), buyers, 1, { ...patterns, outcome: "quote" }),
    ...repeat(range(1, 7), buyers.slice(0, 4), 1, { ...patterns, outcome: "served" }),
    // One lone client with 50 quotes 20 days ago: a 1-client cell. 30d must equal 7d (no 30d - 7d recovery).
    ...repeat([20], clients("lone", 1), 50, { ...patterns, outcome: "quote" }),
    // 5 monitors quote /get_patterns daily for a week: 35 monitor quotes, only in "with monitors" figures.
    ...repeat(range(1, 7), clients("monitor", 5), 1, { ...patterns, outcome: "quote", automation: "monitor", ecosystem: "monitor" }),
    // One indexer, on a day without monitors: a 1-client cell, never shown.
    ...repeat([9], clients("indexer", 1), 3, { ...patterns, outcome: "quote", automation: "indexer", ecosystem: "monitor" }),
    // /get_latest_price: 2 clients a day: withheld everywhere (1 and 2 client rows never appear).
    ...repeat(range(1, 3), clients("pair", 2), 4, { ...latest, outcome: "quote" }),
    // /get_price_history: 3 clients quoted twice a day for 5 days (30 quotes); one client paid each day (withheld cell).
    ...repeat(range(1, 5), clients("history", 3), 2, { ...history, outcome: "quote" }),
    ...repeat(range(1, 5), clients("history", 1), 1, { ...history, outcome: "served" }),
    // Paths we do not serve: weather 4 clients on 4 days (16 hits); news with 2 clients (withheld); favicon is noise;
    // /analyze is in our catalog.
    ...repeat(range(1, 4), clients("weather", 4), 1, { ...missing("/api/weather/{id}", "weather"), outcome: "error" }),
    ...repeat(range(1, 10), clients("news", 2), 1, { ...missing("/api/news/latest", "news-sentiment"), outcome: "error" }),
    ...repeat(range(1, 3), clients("browser", 5), 1, { ...missing("/favicon.ico", "other"), outcome: "error", ecosystem: "browser" }),
    ...repeat([3], clients("analyze", 3), 2, { ...missing("/analyze", "analysis"), outcome: "error" }),
    // Crawls: GPTBot from 4 clients, 2 a day for 30 days (240); ClaudeBot 5 clients on 2 days (10, no referrals);
    // PerplexityBot from 1 client (withheld).
    ...repeat(range(1, 30), clients("gptbot", 4), 2, { path: "/openapi.json", category: "discovery", priceBand: "free", outcome: "free", ecosystem: "openai", aiCompany: "openai", aiRole: "training" }),
    ...repeat(range(1, 2), clients("claudebot", 5), 1, { path: "/openapi.json", category: "discovery", priceBand: "free", outcome: "free", ecosystem: "anthropic", aiCompany: "anthropic", aiRole: "training" }),
    ...repeat(range(1, 6), clients("perplexitybot", 1), 3, { path: "/openapi.json", category: "discovery", priceBand: "free", outcome: "free", ecosystem: "perplexity", aiCompany: "perplexity", aiRole: "search" }),
    // Referrals: from chatgpt.com, 3 clients on 5 days (15: ratio 240/15 = 16); from perplexity.ai 3 clients on day 1.
    ...repeat(range(1, 5), clients("chatgpt-ref", 3), 1, { path: "/docs", category: "discovery", priceBand: "free", outcome: "free", ecosystem: "browser", assistant: "openai" }),
    ...repeat([1], clients("pplx-ref", 3), 1, { path: "/docs", category: "discovery", priceBand: "free", outcome: "free", ecosystem: "browser", assistant: "perplexity" }),
    // The week before last: 6 clients asked /get_patterns on days 8..14 once a day (42): what-agents-want's previous week.
    ...repeat(range(8, 14), clients("early", 6), 1, { ...patterns, outcome: "quote" }),
  ];
}

export async function writeSyntheticLog(database: Database, requests: readonly SyntheticRequest[]): Promise<void> {
  const log = new RequestLog(database.db);
  let n = 0;
  for (const r of requests) {
    n += 1;
    await log.append({
      tsMs: TODAY_MS - r.day * DAY_MS + (n % 86_000) * 1000,
      requestId: `synthetic-${n}`,
      operationId: r.unrouted ? null : r.path.slice(1),
      method: "GET",
      path: r.path,
      status: r.outcome === "quote" ? 402 : r.outcome === "error" ? 404 : 200,
      outcome: r.outcome,
      priceUsd: null,
      clientKey: r.client,
      ecosystem: r.ecosystem ?? "agent-sdk",
      assistant: r.assistant ?? null,
      durationMs: 1,
      demand: {
        unrouted: r.unrouted === true,
        automation: r.automation ?? null,
        aiCompany: r.aiCompany ?? null,
        aiRole: r.aiRole ?? null,
        category: r.category,
        priceBand: r.priceBand,
      },
    });
  }
}

const at = (day: number, hour = 10) => TODAY_MS - day * DAY_MS + hour * 3_600_000;

/** Router events: weather needs from 4 clients on 3 days, stock needs from 2 clients (withheld), clicks and outcomes. */
export function syntheticRouterEvents(): RouterEvent[] {
  const need = (client: string, day: number, text: string): RouterEvent => ({ kind: "need", clientKey: client, atMs: at(day), need: text, origin: null, path: null, helped: null });
  const outcome = (client: string, day: number, origin: string, helped: boolean): RouterEvent => ({ kind: "outcome", clientKey: client, atMs: at(day), need: "weather forecast", origin, path: "/forecast", helped });
  return [
    ...range(1, 3).flatMap((day) => clients("router", 4).map((c) => need(c, day, "Weather forecast for tomorrow in Paris"))),
    ...range(1, 3).flatMap((day) => clients("router-pair", 2).map((c) => need(c, day, "stock price of AAPL for 0x1234abcd"))),
    ...clients("router", 3).map((c): RouterEvent => ({ kind: "click", clientKey: c, atMs: at(1), need: "weather forecast tomorrow", origin: "https://weather.example", path: "/forecast", helped: null })),
    ...clients("router", 3).map((c) => outcome(c, 1, "https://weather.example", true)),
    ...clients("router-b", 3).map((c) => outcome(c, 2, "https://weather.example", false)),
    outcome("synthetic-lonely", 1, "https://lonely.example", true),
  ];
}

export function syntheticProbes(): ProbeResult[] {
  const check = (passed: boolean, i: number) => ({ name: `check-${i}`, passed });
  return [
    { origin: "https://weather.example", grade: "B", checks: [true, true, true, false].map(check), probedAtMs: at(5) },
    { origin: "https://weather.example", grade: "A", checks: [true, true, true, true].map(check), probedAtMs: at(2) },
  ];
}

export function syntheticMirror(): MirroredResource[] {
  const listing = (n: number, price: number): MirroredResource => ({
    index: "cdp",
    origin: `https://weather${n}.example`,
    path: "/forecast",
    resource: `https://weather${n}.example/forecast`,
    description: "Weather forecast by city",
    price_usd: price,
    network: "eip155:8453",
    last_updated: "2026-06-01T00:00:00Z",
  });
  return [listing(4, 0.004), listing(1, 0.001), listing(3, 0.003), listing(2, 0.002)];
}

export const SYNTHETIC_SOURCES: DemandSources = {
  mirroredResources: async () => syntheticMirror(),
  indexFreshness: async () => [
    { index: "cdp", mirrored: true, mirrored_at: "2026-06-15T06:00:00.000Z" },
    { index: "x402scan", mirrored: false, mirrored_at: null },
  ],
  routerEvents: async (fromMs, toMs) => syntheticRouterEvents().filter((e) => e.atMs >= fromMs && e.atMs < toMs),
  probeResults: async (fromMs, toMs) => syntheticProbes().filter((p) => p.probedAtMs >= fromMs && p.probedAtMs < toMs),
};
