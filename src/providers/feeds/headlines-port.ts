/** One news headline as the source lists it. */
export interface Headline {
  title: string;
  publisher: string;
  link: string;
  publishedAtMs: number;
}

/**
 * Recent headlines about a symbol (the source's own symbol: `AAPL`, `BTC-USD`, `GC=F`). Failures are
 * AppErrors: UPSTREAM_UNAVAILABLE for transport trouble, UPSTREAM_SCHEMA_CHANGED when a field we map moved.
 */
export interface HeadlineProvider {
  /** What the headlines come from, for provenance (`yahoo-search`). */
  readonly source: string;
  headlines(symbol: string, count: number): Promise<Headline[]>;
}
