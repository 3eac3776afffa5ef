import fs from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import { ConfigError, type Config } from "../config/config.js";
import type { Clock } from "../domain/clock.js";
import { resolveSymbol } from "../domain/symbol-resolver.js";
import type { RouteModule } from "../http/route-module.js";
import { getLatestPriceRoute } from "../http/routes/market-data/get-latest-price.js";
import { getMarketMoversRoute } from "../http/routes/market-data/get-market-movers.js";
import { getPriceHistoryRoute } from "../http/routes/market-data/get-price-history.js";
import { CsvBarStore } from "../providers/prices/offline/csv-bar-store.js";
import { CsvPriceProvider } from "../providers/prices/offline/csv-price-provider.js";
import { OfflineMoversProvider } from "../providers/prices/offline/offline-movers-provider.js";
import type { MoversProvider, PriceProvider } from "../providers/prices/port.js";
import { createYahooFinanceClient, type YahooClientOptions } from "../providers/prices/yahoo/yahoo-finance-client.js";
import { YahooMoversProvider } from "../providers/prices/yahoo/yahoo-movers-provider.js";
import { YahooPriceProvider } from "../providers/prices/yahoo/yahoo-price-provider.js";
import { MARKET_UNIVERSE } from "../domain/market-universe.js";
import { RequestSpacer } from "../providers/http/request-spacer.js";
import { OfflineHistories } from "../providers/prices/offline/offline-histories.js";
import { SpacedPriceProvider } from "../providers/prices/spaced-price-provider.js";
import { BarCache } from "../services/market-data/bar-cache.js";
import { StoredBarHistories } from "../services/market-data/stored-bar-histories.js";
import { UniverseBarsRefresh } from "../services/market-data/universe-bars-refresh.js";
import type { StoredHistories } from "../services/patterns/stored-universe.js";
import { MarketDataService } from "../services/market-data/market-data-service.js";
import type { Database } from "../storage/create-database.js";
import { BarStore } from "../storage/repos/bar-store.js";
import { checkMarketData, type MarketDataCheck } from "./market-data-check.js";
import { universeMemoryBounds } from "../config/universe-memory.js";
import { DEFAULT_SEARCH_WORKERS } from "../services/patterns/search-worker-pool.js";

export interface MarketDataOverrides {
  prices?: PriceProvider;
  movers?: MoversProvider;
  /** The live adapters as production builds them, over this transport (a replay fetch in tests). */
  yahoo?: Omit<YahooClientOptions, "onUpstreamFailure" | "clock">;
}

export interface MarketData {
  service: MarketDataService;
  barCache: BarCache;
  /** What universe searches read, never fetching: offline the folder's files, live the stored market list. */
  storedHistories: StoredHistories;
  routes: RouteModule[];
  /** Which mode market data is in and whether it works (the server logs it at start). */
  check(): Promise<MarketDataCheck>;
  /** Live only (undefined offline, where the folder is the data): the after-close refresh of a universe list's daily bars. */
  universeRefresh: ((symbols: () => readonly string[]) => UniverseBarsRefresh) | undefined;
}

/**
 * The universe refresh's own spacing of upstream requests: one a second, a quarter of what Yahoo's chart
 * endpoint takes before it answers 429 (yahoo-finance2's queue of 2 at 250 ms, data-sources notes), so the
 * paid calls sharing that upstream keep most of it.
 */
export const UNIVERSE_REFRESH_SPACING_MS = 1_000;

/**
 * A MARKET_DATA_DIR that is not a directory would start a node on which every ticker is a 404: refuse instead,
 * naming the path (a typo, or a relative path taken from another working directory).
 */
export function requireMarketDataDir(config: Readonly<Config>): void {
  const dir = config.marketDataDir;
  if (dir === undefined) return;
  const stat = fs.statSync(dir, { throwIfNoEntry: false });
  if (stat?.isDirectory() === true) return;
  const what = stat === undefined ? "no such directory" : "not a directory";
  throw new ConfigError(
    `Invalid configuration:\n  MARKET_DATA_DIR: ${dir}: ${what} (it should hold one <TICKER>.csv per symbol, e.g. ../shared/datasets/daily; unset it for live data)`,
  );
}

/**
 * Picks the price sources: a folder of CSV files when MARKET_DATA_DIR is set (offline), else Yahoo live.
 * Either way bars go through the same database cache, so offline and live behave alike.
 */
export function buildMarketData(
  config: Readonly<Config>,
  database: Database,
  clock: Clock,
  overrides: MarketDataOverrides = {},
  logger?: Logger,
): MarketData {
  let prices: PriceProvider;
  let movers: MoversProvider;
  let offline: { dir: string; store: CsvBarStore } | undefined;
  requireMarketDataDir(config);
  if (config.marketDataDir !== undefined) {
    // One parsed copy of the folder serves both the bars and the offline movers.
    // Parsed files are kept as binary columns under the node's data folder, so a restart parses nothing again.
    const store = new CsvBarStore({
      dir: config.marketDataDir,
      cacheDir: path.join(config.dataDir, "market-columns"),
      maxHeldBytes: universeMemoryBounds(config.universeMemoryBytes, DEFAULT_SEARCH_WORKERS).columnsBytes,
    });
    offline = { dir: config.marketDataDir, store };
    prices = new CsvPriceProvider({ store });
    movers = new OfflineMoversProvider({ store });
  } else {
    const yahoo = createYahooFinanceClient({
      ...overrides.yahoo,
      clock,
      // Each failed upstream request once, where it failed: which source, status, how long it took.
      onUpstreamFailure: (f) =>
        logger?.warn(
          { source: "yahoo", host: f.host, path: f.path, status: f.status ?? null, reason: f.reason, attempts: f.attempts, durationMs: f.durationMs },
          "upstream request failed",
        ),
    });
    prices = new YahooPriceProvider({ yahoo, clock });
    movers = new YahooMoversProvider({ yahoo });
  }
  prices = overrides.prices ?? prices;
  movers = overrides.movers ?? movers;
  const barCache = new BarCache(prices, new BarStore(database.db), clock);
  // "offline-csv" keys the stored bars (kept for existing databases); callers read it as "offline".
  const service = new MarketDataService(resolveSymbol, barCache, movers, prices.name === "offline-csv" ? "offline" : prices.name);
  const storedHistories =
    offline !== undefined && overrides.prices === undefined ? new OfflineHistories(offline.store) : new StoredBarHistories(barCache, MARKET_UNIVERSE);
  return {
    service,
    barCache,
    storedHistories,
    routes: [getLatestPriceRoute(service, clock), getPriceHistoryRoute(service), getMarketMoversRoute(service, movers, clock)],
    check: () => checkMarketData(prices, clock, overrides.prices === undefined ? offline : undefined),
    universeRefresh:
      config.marketDataDir !== undefined
        ? undefined
        : (symbols) =>
            new UniverseBarsRefresh(symbols, resolveSymbol, new BarCache(new SpacedPriceProvider(prices, new RequestSpacer(UNIVERSE_REFRESH_SPACING_MS, clock)), new BarStore(database.db), clock)),
  };
}
