import type { FixedUniverse } from "../services/patterns/pattern-service.js";

/**
 * What `universe=all` searches, everywhere and for every caller: a fixed, versioned list (returned in the body
 * of every `all` search), never what other callers happened to load. The 17 assets of the shared daily dataset
 * by their live symbols (each resolves to its offline file too: GC=F is GOLD.csv, ^VIX is VIX.csv, ...), so an
 * `all` search loads at most 17 series besides the query's own. A change of the list is a new version.
 */
export const UNIVERSE_ALL: FixedUniverse = Object.freeze({
  version: "2026-11-23",
  symbols: Object.freeze([
    "AAPL", "AMZN", "GOOGL", "MSFT", "NVDA", "TSLA", "SPY", "QQQ",
    "BTC-USD", "ETH-USD", "SOL-USD", "GC=F", "^VIX", "^TNX", "EURUSD=X", "CL=F", "BZ=F",
  ]),
});
