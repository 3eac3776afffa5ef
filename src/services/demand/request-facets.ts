import type { CatalogRoute } from "../../contracts/route-catalog.js";

/**
 * Facets of a request that the demand reports group by, computed once when the request is logged: the path as
 * it may be published (normalised, identifiers masked), its category and the price band of its operation.
 */

const MAX_SEGMENTS = 6;
const MAX_PATH_CHARS = 120;

/**
 * Lower case, no query string, no repeated or trailing slashes, at most 6 segments; segments that look like
 * identifiers (numbers, hex strings, 0x addresses, UUIDs, e-mail addresses, long tokens) become `{id}`, so no
 * wallet, key or personal value a caller put in a URL can reach a report.
 */
export function normalisePath(rawPath: string): string {
  const withoutQuery = rawPath.split(/[?#]/)[0] ?? "";
  let decoded = withoutQuery;
  try {
    decoded = decodeURIComponent(withoutQuery);
  } catch {
    // keep the raw form: a malformed escape is still a path someone asked for
  }
  const segments = decoded
    .toLowerCase()
    .split("/")
    .filter((s) => s !== "")
    .slice(0, MAX_SEGMENTS)
    .map((s) => (looksLikeIdentifier(s) ? "{id}" : s.replace(/[^a-z0-9._~-]/g, "_")));
  return `/${segments.join("/")}`.slice(0, MAX_PATH_CHARS);
}

function looksLikeIdentifier(segment: string): boolean {
  return (
    /^\d+$/.test(segment) ||
    /^0x[0-9a-f]{6,}$/.test(segment) ||
    /^[0-9a-f]{12,}$/.test(segment) ||
    /^[0-9a-f]{8}-[0-9a-f]{4}-/.test(segment) ||
    segment.includes("@") ||
    /^[a-z0-9_-]{24,}$/.test(segment) ||
    /\d{4,}/.test(segment)
  );
}

/** Topic keywords for paths and texts we do not serve (and for other sellers' listings); first match wins. */
const TOPIC_KEYWORDS: ReadonlyArray<[topic: string, words: string[]]> = [
  ["patterns", ["pattern", "analog", "similar", "shape"]],
  ["trading", ["signal", "trade", "trading", "backtest", "strategy"]],
  ["market-data", ["price", "quote", "ticker", "stock", "ohlc", "candle", "market", "forex", "fx", "etf", "crypto", "token-price"]],
  ["news-sentiment", ["news", "sentiment", "headline", "fear", "greed", "narrative"]],
  ["calendars", ["calendar", "earnings", "economic", "event", "trends"]],
  ["onchain", ["wallet", "onchain", "chain", "defi", "nft", "balance", "tx", "block", "solana", "base", "eth"]],
  ["weather", ["weather", "forecast-weather", "climate", "temperature"]],
  ["search", ["search", "web", "scrape", "crawl", "browse"]],
  ["ai-inference", ["llm", "chat", "completion", "inference", "image", "embedding", "model", "generate", "tts", "transcribe"]],
  ["social", ["twitter", "x-", "tweet", "social", "reddit", "farcaster"]],
  ["data-api", ["data", "api", "dataset", "lookup"]],
];

export function topicOfText(text: string): string {
  const words = text.toLowerCase().split(/[^a-z0-9-]+/).filter((w) => w !== "");
  for (const [topic, keys] of TOPIC_KEYWORDS) {
    if (words.some((w) => keys.some((k) => w === k || (k.length >= 5 && w.includes(k))))) return topic;
  }
  return "other";
}

/** Our own routes are categorised by their catalog family; anything else by its words. */
export function categoryOf(route: CatalogRoute | undefined, normalisedPath: string): string {
  return route?.family ?? topicOfText(normalisedPath);
}

export const PRICE_BANDS = ["free", "under_0.01", "0.01-0.049", "0.05-0.099", "0.10-0.249", "0.25+", "dynamic"] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];

/** The band of an operation's list price (USD per call); null for paths that are not operations. */
export function priceBandOf(route: CatalogRoute | undefined): PriceBand | null {
  if (route === undefined) return null;
  if (route.price.kind === "free") return "free";
  if (route.price.kind === "dynamic") return "dynamic";
  return priceBandOfUsd(route.price.usd);
}

export function priceBandOfUsd(usd: number): PriceBand {
  if (usd <= 0) return "free";
  if (usd < 0.01) return "under_0.01";
  if (usd < 0.05) return "0.01-0.049";
  if (usd < 0.1) return "0.05-0.099";
  if (usd < 0.25) return "0.10-0.249";
  return "0.25+";
}
