import { resolveSymbol } from "../domain/symbol-resolver.js";
import type { Clock } from "../domain/clock.js";
import type { RouteModule } from "../http/route-module.js";
import { getPatternsOhlcRoute } from "../http/routes/patterns/get-patterns-ohlc.js";
import { getPatternsRawRoute } from "../http/routes/patterns/get-patterns-raw.js";
import { getPatternsRoute } from "../http/routes/patterns/get-patterns.js";
import { SeriesCache } from "../services/market-data/series-cache.js";
import { PatternService } from "../services/patterns/pattern-service.js";
import type { MarketData } from "./build-market-data.js";

export interface Patterns {
  seriesCache: SeriesCache;
  service: PatternService;
  routes: RouteModule[];
}

/** The pattern engine's routes, reading whole histories through the per-node series cache. */
export function buildPatterns(marketData: MarketData, clock: Clock): Patterns {
  const seriesCache = new SeriesCache(resolveSymbol, marketData.barCache, clock);
  const service = new PatternService(seriesCache);
  return { seriesCache, service, routes: [getPatternsRawRoute(service), getPatternsRoute(service), getPatternsOhlcRoute(service)] };
}
