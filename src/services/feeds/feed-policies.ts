import type { FeedPolicy } from "./snapshot-cache.js";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Storage names and fresh TTLs of every feed (data-sources.md §4.4). The recordings importer writes under
 * the same names, so an imported snapshot is exactly what a live fetch would have stored.
 */
export const FEED_POLICIES = {
  fearGreed: { source: "cnn-fear-greed", label: "CNN Fear & Greed", ttlMs: 30 * MINUTE_MS },
  earningsCalendar: { source: "nasdaq-earnings", label: "Nasdaq earnings calendar", ttlMs: HOUR_MS },
  economicCalendar: { source: "forexfactory-week", label: "ForexFactory economic calendar", ttlMs: HOUR_MS },
  trends: { source: "google-trends-daily", label: "Google Trends trending RSS", ttlMs: 30 * MINUTE_MS },
  preprints: { source: "arxiv-query", label: "arXiv API", ttlMs: 6 * HOUR_MS },
  fundamentals: { source: "yahoo-fundamentals", label: "Yahoo Finance quoteSummary", ttlMs: 24 * HOUR_MS },
  earningsHistory: { source: "yahoo-earnings-history", label: "Yahoo Finance earnings history", ttlMs: 24 * HOUR_MS },
  options: { source: "yahoo-options", label: "Yahoo Finance options", ttlMs: 10 * MINUTE_MS },
  semisIndex: { source: "yahoo-semis-quote", label: "Yahoo Finance quotes", ttlMs: MINUTE_MS },
  hardwareRetail: { source: "hardware-retail", label: "the retail hardware price source (HARDWARE_PRICES_URL)", ttlMs: 24 * HOUR_MS },
} as const satisfies Record<string, FeedPolicy>;

/** The one key of feeds that have a single answer. */
export const SINGLE_KEY = "latest";

/** The key of ForexFactory's current-week feed (the only one it reliably publishes). */
export const ECON_WEEK_KEY = "thisweek";
