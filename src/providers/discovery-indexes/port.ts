/** One crawl of a discovery index as its operator served it: raw items, not yet normalised. */
export interface RawIndexCrawl {
  crawledAtMs: number;
  /** The listing URL crawled (no credentials). */
  source: string;
  items: unknown[];
  /** True when the crawl stopped before the index's end (page cap, spending budget). */
  partial: boolean;
  /** Why it is partial, or what it cost (paid indexes). */
  note?: string;
}

/** Crawls one index's own listing interface to its end (or to a stated limit). */
export interface DiscoveryIndexCrawler {
  crawl(signal?: AbortSignal): Promise<RawIndexCrawl>;
}
