import type { PriceSeries } from "../../analytics/price-series.js";
import { trailingReturn, type TrailingReturn } from "../../analytics/trailing-return.js";
import { AppError } from "../../domain/app-error.js";
import type { Clock } from "../../domain/clock.js";
import type { HeadlineProvider } from "../../providers/feeds/headlines-port.js";
import type { SeriesCache } from "../market-data/series-cache.js";
import { headlineSentiment, scoreHeadline, type ScoredHeadline, type SentimentReading } from "./headline-sentiment.js";
import { themeOf, type ThemeTag } from "./theme-keywords.js";

/** Momentum periods in calendar days: a week, a month, a quarter. */
export const NARRATIVE_PERIODS = [
  { label: "1w", days: 7 },
  { label: "1m", days: 30 },
  { label: "3m", days: 91 },
] as const;
/** Headlines asked of the source per call. */
export const NARRATIVE_HEADLINES = 10;

export interface Narrative {
  series: PriceSeries;
  cached: boolean;
  momentum: { label: string; trailing: TrailingReturn }[];
  news: {
    source: string;
    fetchedAtMs: number;
    /** Why there are no headlines (the source failed); null when it answered. */
    unavailable: string | null;
    headlines: ScoredHeadline[];
  };
  sentiment: SentimentReading;
  theme: ThemeTag;
}

/**
 * One asset's story: its price momentum from the stored daily bars, and what the news says (headline
 * sentiment from a lexicon, a theme from a keyword map). News trouble does not fail the answer: the
 * momentum is served and the sentiment is null with the reason.
 */
export class NarrativeService {
  constructor(
    private readonly seriesCache: SeriesCache,
    private readonly headlines: HeadlineProvider,
    private readonly clock: Clock,
    /** Where the series cache's bars come from (yahoo, offline), for provenance. */
    readonly priceSource: string,
  ) {}

  async narrative(ticker: string): Promise<Narrative> {
    const loaded = await this.seriesCache.load(ticker, "1d");
    const end = loaded.series.closes.length - 1;
    const momentum = NARRATIVE_PERIODS.map(({ label, days }) => ({ label, trailing: trailingReturn(loaded.series, end, days) }));
    const fetchedAtMs = this.clock.nowMs();
    let headlines: ScoredHeadline[] = [];
    let unavailable: string | null = null;
    try {
      headlines = (await this.headlines.headlines(loaded.symbol.source, NARRATIVE_HEADLINES)).map(scoreHeadline);
    } catch (error) {
      if (!(error instanceof AppError) || !error.code.startsWith("UPSTREAM_")) throw error;
      unavailable = `the headline source is unavailable: ${error.publicHint ?? error.code}`;
    }
    const sentiment = unavailable === null ? headlineSentiment(headlines) : { value: null, label: null, reason: unavailable };
    return {
      series: loaded.series,
      cached: loaded.cached,
      momentum,
      news: { source: this.headlines.source, fetchedAtMs, unavailable, headlines },
      sentiment,
      theme: themeOf(headlines.map((h) => h.title)),
    };
  }
}
