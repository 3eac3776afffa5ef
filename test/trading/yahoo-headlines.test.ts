import { describe, expect, it } from "vitest";
import { YahooHeadlineProvider } from "../../src/providers/feeds/yahoo/yahoo-headlines.js";
import { createYahooFinanceClient } from "../../src/providers/prices/yahoo/yahoo-finance-client.js";
import { appError } from "../support/caught-app-error.js";
import { envelopeResponse, loadYahooEnvelope } from "../support/replay-fetch.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { recordedSearchFetch } from "./yahoo-search-replay.js";

const noSleep = async () => undefined;
const providerOn = (fetch: ReturnType<typeof recordedSearchFetch>, timeoutMs?: number) =>
  new YahooHeadlineProvider(createYahooFinanceClient({ fetch, sleep: noSleep, timeoutMs, queueIntervalMs: 0 }));
const SEARCH = /\/v1\/finance\/search\?/;

describe.skipIf(!SHARED_PRESENT)("YahooHeadlineProvider on the recorded Yahoo searches", () => {
  it("maps the recorded headlines of AAPL (title, publisher, link, publish time) and asks for news only", async () => {
    const fetch = recordedSearchFetch();
    const headlines = await providerOn(fetch).headlines("AAPL", 10);
    const recorded = loadYahooEnvelope("search-AAPL.json").response.bodyJson as { news: any[] };
    expect(headlines).toHaveLength(recorded.news.length);
    expect(headlines[1]).toEqual({
      title: "Indonesia and Apple said to agree on terms to lift iPhone 16 ban",
      publisher: "Bloomberg",
      link: "https://finance.yahoo.com/news/indonesia-apple-said-agree-terms-055447668.html",
      publishedAtMs: 1740462887000,
    });
    expect(fetch.calls[0]).toMatch(/newsCount=10/);
    expect(fetch.calls[0]).toMatch(/quotesCount=0/);
  });

  it("reports the hand-edited wrong-typed recording as UPSTREAM_SCHEMA_CHANGED", async () => {
    const fetch = recordedSearchFetch([{ match: SEARCH, respond: () => envelopeResponse(loadYahooEnvelope("search-badResult.fake.json")) }]);
    const error = await appError(providerOn(fetch).headlines("AAPL", 10));
    expect(error.code).toMatch(/^UPSTREAM_(SCHEMA_CHANGED|UNAVAILABLE)$/);
  });
});

describe("YahooHeadlineProvider failure modes", () => {
  const failing = (respond: () => Response | Promise<Response>) => recordedSearchFetch([{ match: SEARCH, respond }]);

  it("passes a 429's Retry-After on", async () => {
    const error = await appError(providerOn(failing(() => new Response("slow down", { status: 429, headers: { "Retry-After": "120" } }))).headlines("AAPL", 10));
    expect([error.code, error.retryAfterSeconds]).toEqual(["UPSTREAM_UNAVAILABLE", 120]);
  });

  it("retries a 5xx and then reports the upstream unavailable", async () => {
    const fetch = failing(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    const error = await appError(providerOn(fetch).headlines("AAPL", 10));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(fetch.calls.length).toBeGreaterThan(1);
  });

  it("gives up on a request that never answers", async () => {
    const fetch = recordedSearchFetch([
      { match: SEARCH, respond: (init) => new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason))) },
    ]);
    const error = await appError(providerOn(fetch, 30).headlines("AAPL", 10));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.message).toMatch(/timed out/);
  });

  it("treats an HTML page or drifted fields as upstream trouble", async () => {
    const html = await appError(providerOn(failing(() => new Response("<!DOCTYPE html><html>consent</html>", { status: 200, headers: { "content-type": "text/html" } }))).headlines("AAPL", 10));
    expect(html.code).toMatch(/^UPSTREAM_/);
    const drift = await appError(providerOn(failing(() => Response.json({ news: [{ headline: "renamed" }] }))).headlines("AAPL", 10));
    expect([drift.code, drift.message]).toEqual(["UPSTREAM_SCHEMA_CHANGED", expect.stringContaining("news.0.title")]);
  });
});
