import type { Config } from "../config/config.js";
import { CsvBarStore } from "../providers/prices/offline/csv-bar-store.js";
import { OFFLINE_FILE_ALIASES } from "../providers/prices/offline/offline-file-names.js";
import { KnownUniverse } from "../services/cross-asset/known-universe.js";

/** `universe=all` seed when live: liquid symbols across asset classes (the shared dataset's assets, by their live symbols). */
export const LIVE_UNIVERSE_SEED: readonly string[] = [
  "AAPL", "AMZN", "GOOGL", "MSFT", "NVDA", "TSLA", "SPY", "QQQ", "^GSPC",
  "BTC-USD", "ETH-USD", "SOL-USD", "GC=F", "^VIX", "^TNX", "EURUSD=X", "CL=F", "BZ=F",
];

/**
 * What `universe=all` searches on this node: the offline folder's files, or the live seed, plus the tickers
 * the pattern and cross-asset routes have loaded lately.
 */
export function buildKnownUniverse(config: Readonly<Config>, liveSeed: readonly string[] = LIVE_UNIVERSE_SEED): KnownUniverse {
  const offlineDir = config.marketDataDir;
  return new KnownUniverse(offlineDir === undefined ? async () => [...liveSeed] : offlineTickers(offlineDir));
}

/** Every file of the offline folder as a ticker that resolves back to it (GOLD.csv is GC=F, VIX.csv is ^VIX, ...). */
function offlineTickers(dir: string): () => Promise<string[]> {
  const store = new CsvBarStore({ dir });
  const tickerByStem = new Map(Object.entries(OFFLINE_FILE_ALIASES).map(([source, stem]) => [stem, source]));
  return async () => (await store.stems()).map((stem) => tickerByStem.get(stem) ?? stem);
}
