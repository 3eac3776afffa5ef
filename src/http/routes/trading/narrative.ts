import { narrativeContract, type NarrativeParams } from "../../../contracts/trading/narrative.js";
import { formatBarTime } from "../../../domain/bar.js";
import { SENTIMENT_METHOD } from "../../../services/narrative/headline-sentiment.js";
import type { NarrativeService } from "../../../services/narrative/narrative-service.js";
import { THEME_METHOD } from "../../../services/narrative/theme-keywords.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

const iso = (ms: number) => new Date(ms).toISOString();

export function narrativeRoute(narratives: NarrativeService): RouteModule {
  return operationRoute(narrativeContract, async (params: NarrativeParams) => {
    const n = await narratives.narrative(params.ticker);
    const day = (i: number) => formatBarTime(n.series.timesMs[i], "1d");
    const end = n.series.closes.length - 1;
    return {
      ticker: n.series.ticker,
      as_of_date: day(end),
      price_source: narratives.priceSource,
      cached: n.cached,
      momentum: n.momentum.map(({ label, trailing }) => ({
        period: label,
        days: trailing.days,
        from_date: trailing.fromIndex === null ? null : day(trailing.fromIndex),
        to_date: day(end),
        return: trailing.value,
      })),
      news: {
        source: n.news.source,
        fetched_at: iso(n.news.fetchedAtMs),
        count: n.news.headlines.length,
        unavailable_reason: n.news.unavailable,
        headlines: n.news.headlines.map((h) => ({
          title: h.title,
          publisher: h.publisher,
          link: h.link,
          published_at: iso(h.publishedAtMs),
          score: h.score,
          comparative: h.comparative,
          words: h.words,
        })),
      },
      sentiment: { ...n.sentiment, method: SENTIMENT_METHOD },
      theme: { tag: n.theme.theme, matched: n.theme.matched, method: THEME_METHOD },
    };
  });
}
