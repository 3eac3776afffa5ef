import type { MarketUniverse } from "../domain/market-universe.js";

/**
 * The histories the forecast log's replay runs over and the start-up preloads: the 17 assets of the shared daily
 * dataset by their live symbols (each resolves to its offline file too: GC=F is GOLD.csv, ^VIX is VIX.csv, ...).
 * Not what `universe=all` searches: that is every series the node holds (services/patterns/stored-universe.ts).
 * A change of the list is a new version.
 */
export const UNIVERSE_ALL: MarketUniverse = Object.freeze({
  version: "2026-11-23",
  symbols: Object.freeze([
    "AAPL", "AMZN", "GOOGL", "MSFT", "NVDA", "TSLA", "SPY", "QQQ",
    "BTC-USD", "ETH-USD", "SOL-USD", "GC=F", "^VIX", "^TNX", "EURUSD=X", "CL=F", "BZ=F",
  ]),
});
