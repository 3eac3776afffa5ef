import { z } from "zod";
import type { YahooFinanceClient } from "../../prices/yahoo/yahoo-finance-client.js";
import { parseMapped } from "../feed-http.js";
import type { Headline, HeadlineProvider } from "../headlines-port.js";
import { yahooFeedCall } from "./yahoo-feed-call.js";

/** The fields of Yahoo search's `news` rows we map (thumbnails, uuids and related tickers are not used). */
const SearchNewsSchema = z.object({
  news: z.array(
    z.object({
      title: z.string().min(1),
      publisher: z.string(),
      link: z.string(),
      // Seconds since the epoch; yahoo-finance2 turns it into a Date when its validation runs (ours does not).
      providerPublishTime: z.union([z.number(), z.date(), z.string()]),
    }),
  ),
});

const publishedMs = (t: number | Date | string) => (typeof t === "number" ? t * 1000 : new Date(t).getTime());

/** Headlines from Yahoo Finance search (`/v1/finance/search?q=<symbol>`), no quotes asked for. */
export class YahooHeadlineProvider implements HeadlineProvider {
  readonly source = "yahoo-search";

  constructor(private readonly yahoo: YahooFinanceClient) {}

  async headlines(symbol: string, count: number): Promise<Headline[]> {
    const raw = await yahooFeedCall(symbol, () => this.yahoo.search(symbol, { newsCount: count, quotesCount: 0 }, { validateResult: false }));
    const { news } = parseMapped("Yahoo Finance search", SearchNewsSchema, raw);
    return news
      .map((n) => ({ title: n.title, publisher: n.publisher, link: n.link, publishedAtMs: publishedMs(n.providerPublishTime) }))
      .filter((h) => Number.isFinite(h.publishedAtMs));
  }
}
