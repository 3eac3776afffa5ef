import { describe, expect, it } from "vitest";
import { GoogleTrendsRssProvider, mapTrendsRss } from "../../src/providers/feeds/google-trends/google-trends-rss.js";
import { aggregateTrends, trafficValue } from "../../src/services/feeds/trends-service.js";
import { appError } from "../support/caught-app-error.js";
import { feedFetch, itHandlesTransportFailures } from "./feed-failure-modes.js";
import { trendsRss } from "./trends-rss.js";

const TRENDS = /trends\.google\.com\/trending\/rss\?geo=/;

describe("Google Trends RSS adapter (documented shape; no public recording exists)", () => {
  it("maps items, traffic as published, pub dates to ISO and one or many news items to arrays", async () => {
    const rss = trendsRss([
      { query: "eclipse", traffic: "200K+", news: [{ title: "Watch it", url: "https://example.org/a", source: "Example" }] },
      { query: "rates", traffic: "5000+", news: [] },
    ]);
    const fetch = feedFetch(TRENDS, () => new Response(rss, { headers: { "content-type": "application/rss+xml" } }));
    const items = await new GoogleTrendsRssProvider({ fetch }).daily("US");
    expect(fetch.calls).toEqual(["GET https://trends.google.com/trending/rss?geo=US"]);
    expect(items).toEqual([
      { query: "eclipse", traffic: "200K+", pub_date: "2026-08-11T12:30:00.000Z", news_items: [{ title: "Watch it", url: "https://example.org/a", source: "Example", picture: null }] },
      { query: "rates", traffic: "5000+", pub_date: "2026-08-11T12:30:00.000Z", news_items: [] },
    ]);
  });

  it("reads a channel without items as an empty day", () => {
    expect(mapTrendsRss(trendsRss([]))).toEqual([]);
  });

  it("reports an item without its traffic as schema drift", () => {
    const rss = trendsRss([{ query: "x", traffic: "1000+" }]).replace(/<ht:approx_traffic>.*?<\/ht:approx_traffic>/, "");
    expect(() => mapTrendsRss(rss)).toThrow(/approx_traffic/);
  });

  it("answers a country Google has no feed for with 422 naming geo", async () => {
    const error = await appError(new GoogleTrendsRssProvider({ fetch: feedFetch(TRENDS, () => new Response("Not Found", { status: 404 })) }).daily("ZZ"));
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.details?.[0]?.param).toBe("geo");
  });

  itHandlesTransportFailures(TRENDS, (deps) => new GoogleTrendsRssProvider(deps).daily("US"));
});

it("aggregates snapshots: one entry per query, highest traffic kept, ranked by traffic", () => {
  const day1 = [
    { query: "Eclipse", traffic: "20K+", pub_date: "2026-08-10T10:00:00.000Z", news_items: [] },
    { query: "rates", traffic: "5000+", pub_date: "2026-08-10T10:00:00.000Z", news_items: [] },
  ];
  const day2 = [
    { query: "eclipse", traffic: "200K+", pub_date: "2026-08-11T10:00:00.000Z", news_items: [] },
    { query: "gold", traffic: "10K+", pub_date: "2026-08-11T10:00:00.000Z", news_items: [] },
  ];
  expect(aggregateTrends([day1, day2]).map((t) => [t.query, t.traffic, t.pub_date])).toEqual([
    ["eclipse", "200K+", "2026-08-11T10:00:00.000Z"],
    ["gold", "10K+", "2026-08-11T10:00:00.000Z"],
    ["rates", "5000+", "2026-08-10T10:00:00.000Z"],
  ]);
  expect([trafficValue("2M+"), trafficValue("1,000+"), trafficValue("?")]).toEqual([2e6, 1000, 0]);
});
