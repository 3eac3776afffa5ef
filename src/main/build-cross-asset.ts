import type { Config } from "../config/config.js";
import type { Clock } from "../domain/clock.js";
import type { RouteModule } from "../http/route-module.js";
import { correlationMatrixRoute } from "../http/routes/cross-asset/correlation-matrix.js";
import { macroAnalogRoute } from "../http/routes/cross-asset/macro-analog.js";
import { playbookRoute } from "../http/routes/cross-asset/playbook.js";
import { CsvBarStore } from "../providers/prices/offline/csv-bar-store.js";
import { OFFLINE_FILE_ALIASES } from "../providers/prices/offline/offline-file-names.js";
import { CorrelationService } from "../services/cross-asset/correlation-service.js";
import { KnownUniverse } from "../services/cross-asset/known-universe.js";
import { MacroAnalogService, type MacroSymbols } from "../services/cross-asset/macro-analog-service.js";
import { PlaybookService } from "../services/cross-asset/playbook-service.js";
import type { MarketData } from "./build-market-data.js";
import type { Patterns } from "./build-patterns.js";

/** The equity proxy of /macro_analog: the S&P 500 index live; SPY offline, the shared dataset having no ^GSPC file. */
export const LIVE_EQUITY_PROXY = "^GSPC";
export const OFFLINE_EQUITY_PROXY = "SPY";

/** `universe=all` seed when live: liquid symbols across asset classes (the shared dataset's assets, by their live symbols). */
export const LIVE_UNIVERSE_SEED: readonly string[] = [
  "AAPL", "AMZN", "GOOGL", "MSFT", "NVDA", "TSLA", "SPY", "QQQ", "^GSPC",
  "BTC-USD", "ETH-USD", "SOL-USD", "GC=F", "^VIX", "^TNX", "EURUSD=X", "CL=F", "BZ=F",
];

export interface CrossAssetOptions {
  /** Symbol for the equity role of /macro_analog; default ^GSPC live, SPY when MARKET_DATA_DIR is set. */
  equityProxy?: string;
  /** Seed of `universe=all` when live (offline it is every file of MARKET_DATA_DIR). */
  liveUniverse?: readonly string[];
}

/**
 * The cross-asset routes (/playbook, /macro_analog, /correlation_matrix) and the known universe behind
 * the pattern routes' `universe=all`, which is attached to the shared pattern service here.
 */
export function buildCrossAsset(
  deps: { marketData: MarketData; patterns: Patterns; clock: Clock; config: Readonly<Config> },
  options: CrossAssetOptions = {},
): { routes: RouteModule[] } {
  const { patterns, config } = deps;
  const offlineDir = config.marketDataDir;
  const universe = new KnownUniverse(offlineDir === undefined ? async () => [...(options.liveUniverse ?? LIVE_UNIVERSE_SEED)] : offlineTickers(offlineDir));
  patterns.service.attachUniverse(universe);
  const record = (ticker: string) => universe.record(ticker);
  const symbols: MacroSymbols = {
    volatility: "^VIX",
    yield_10y: "^TNX",
    equity: options.equityProxy ?? (offlineDir === undefined ? LIVE_EQUITY_PROXY : OFFLINE_EQUITY_PROXY),
    gold: "GC=F",
  };
  return {
    routes: [
      playbookRoute(new PlaybookService(patterns.service, patterns.seriesCache, record)),
      macroAnalogRoute(new MacroAnalogService(patterns.seriesCache, symbols)),
      correlationMatrixRoute(new CorrelationService(patterns.seriesCache, record)),
    ],
  };
}

/** Every file of the offline folder as a ticker that resolves back to it (GOLD.csv is GC=F, VIX.csv is ^VIX, ...). */
function offlineTickers(dir: string): () => Promise<string[]> {
  const store = new CsvBarStore({ dir });
  const tickerByStem = new Map(Object.entries(OFFLINE_FILE_ALIASES).map(([source, stem]) => [stem, source]));
  return async () => (await store.stems()).map((stem) => tickerByStem.get(stem) ?? stem);
}
