import { XMLParser } from "fast-xml-parser";
import { z } from "zod";
import { AppError } from "../../../domain/app-error.js";
import type { HttpClient } from "../../http/http-client.js";
import { BROWSER_USER_AGENT, feedHttpClient, getFeed, htmlPageError, looksLikeHtml, parseMapped, unexpectedStatus, type FeedClientDeps } from "../feed-http.js";
import type { TrendItem, TrendsProvider } from "../port.js";

const UPSTREAM = "Google Trends trending RSS";
export const GOOGLE_TRENDS_RSS_URL = "https://trends.google.com/trending/rss";

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, isArray: (name) => name === "item" || name === "ht:news_item" });

const str = z.string().optional();
const ItemSchema = z.object({
  title: z.string().min(1),
  "ht:approx_traffic": z.string(),
  pubDate: str,
  "ht:news_item": z
    .array(z.object({ "ht:news_item_title": str, "ht:news_item_url": str, "ht:news_item_source": str, "ht:news_item_picture": str }))
    .optional(),
});
const RssSchema = z.object({ rss: z.object({ channel: z.object({ item: z.array(ItemSchema).optional() }) }) });

/** The trending RSS body -> trend items; a channel without items is an empty day. */
export function mapTrendsRss(xml: string): TrendItem[] {
  if (looksLikeHtml(xml)) throw htmlPageError(UPSTREAM);
  let doc: unknown;
  try {
    doc = parser.parse(xml);
  } catch {
    throw new AppError("UPSTREAM_UNAVAILABLE", `${UPSTREAM} answered with a body that is not XML`, { retryAfterSeconds: 60 });
  }
  const channel = parseMapped(UPSTREAM, RssSchema, doc).rss.channel;
  return (channel.item ?? []).map((item) => {
    const pubMs = item.pubDate === undefined ? Number.NaN : Date.parse(item.pubDate);
    return {
      query: item.title.trim(),
      traffic: item["ht:approx_traffic"].trim(),
      pub_date: Number.isNaN(pubMs) ? null : new Date(pubMs).toISOString(),
      news_items: (item["ht:news_item"] ?? []).map((n) => ({
        title: (n["ht:news_item_title"] ?? "").trim(),
        url: n["ht:news_item_url"] || null,
        source: n["ht:news_item_source"] || null,
        picture: n["ht:news_item_picture"] || null,
      })),
    };
  });
}

/** Google's "Trending now" RSS, one country per request. */
export class GoogleTrendsRssProvider implements TrendsProvider {
  private readonly http: HttpClient;

  constructor(deps: FeedClientDeps = {}) {
    this.http = feedHttpClient(UPSTREAM, deps, { timeoutMs: 10_000, maxRetries: 1 });
  }

  async daily(geo: string): Promise<TrendItem[]> {
    const res = await getFeed(this.http, UPSTREAM, `${GOOGLE_TRENDS_RSS_URL}?geo=${encodeURIComponent(geo)}`, {
      "User-Agent": BROWSER_USER_AGENT,
      Accept: "application/rss+xml, application/xml",
    });
    if (res.status === 404 || res.status === 400) {
      throw new AppError("VALIDATION_FAILED", `geo: Google Trends has no trending feed for ${geo}`, {
        details: [{ param: "geo", issue: `Google Trends has no trending feed for ${geo}` }],
      });
    }
    if (res.status !== 200) throw unexpectedStatus(UPSTREAM, res.status);
    return mapTrendsRss(res.text);
  }
}
