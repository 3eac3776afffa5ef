/**
 * A coarse capability label for a listing that declares none, from words of its description, path and tags.
 * First match wins; the order puts narrow capabilities before broad ones.
 */
const RULES: ReadonlyArray<readonly [string, RegExp]> = [
  ["weather", /\b(weather|forecast|temperature|climate)\b/],
  ["news-sentiment", /\b(news|sentiment|headline|twitter|tweets?|social)\b/],
  ["market-data", /\b(price|prices|ohlc|candles?|quote|quotes|market|ticker|stocks?|crypto|token|btc|eth|bitcoin|funding)\b/],
  ["image-generation", /\b(image|images|picture|art|generations?)\b/],
  ["web-search", /\b(search|scrape|crawl|web)\b/],
  ["onchain-data", /\b(wallet|onchain|on-chain|transactions?|balance|address|contract|nft)\b/],
  ["ai-inference", /\b(llm|chat|gpt|completion|inference|agent|ai)\b/],
];

export function capabilityLabel(text: string, tags: readonly string[]): string {
  const haystack = `${tags.join(" ")} ${text}`.toLowerCase().replace(/[_/.-]+/g, " ");
  return RULES.find(([, pattern]) => pattern.test(haystack))?.[0] ?? tags[0] ?? "other";
}
