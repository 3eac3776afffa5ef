import type { Clock } from "../domain/clock.js";
import { resolveSymbol } from "../domain/symbol-resolver.js";
import type { RouteModule } from "../http/route-module.js";
import { momentumScanRoute } from "../http/routes/portfolio/momentum-scan.js";
import { optimizePortfolioRoute } from "../http/routes/portfolio/optimize-portfolio.js";
import { portfolioFactorsRoute } from "../http/routes/portfolio/portfolio-factors.js";
import { sectorsMomentumRoute } from "../http/routes/portfolio/sectors-momentum.js";
import { CsvBarStore } from "../providers/prices/offline/csv-bar-store.js";
import { OFFLINE_FILE_ALIASES } from "../providers/prices/offline/offline-file-names.js";
import { FactorService } from "../services/portfolio/factor-service.js";
import { OFFLINE_MACRO_PROXIES, US_EQUITY_STYLE_PROXIES } from "../services/portfolio/factor-proxies.js";
import { MomentumMeasurer } from "../services/portfolio/momentum-measurer.js";
import { MomentumScanService } from "../services/portfolio/momentum-scan-service.js";
import { LIVE_MOMENTUM_TICKERS, staticUniverse, type MomentumUniverse } from "../services/portfolio/momentum-universe.js";
import { OptimizeService } from "../services/portfolio/optimize-service.js";
import { CONSTITUENTS_AS_OF, SECTOR_ETFS } from "../services/portfolio/sector-etfs.js";
import { SectorMomentumService } from "../services/portfolio/sector-momentum-service.js";
import type { MarketData } from "./build-market-data.js";
import type { Patterns } from "./build-patterns.js";

export interface PortfolioDeps {
  marketData: MarketData;
  patterns: Patterns;
  clock: Clock;
  /** config.marketDataDir: set for the offline dataset, which changes the factor proxies and the momentum universe. */
  marketDataDir: string | undefined;
}

/**
 * Portfolio and momentum routes: the optimizer (HiGHS, on the search workers), the factor decomposition, the momentum scan and the
 * sector ranking, all reading whole daily histories through the patterns family's series cache.
 */
export function buildPortfolio(deps: PortfolioDeps): { routes: RouteModule[] } {
  const seriesCache = deps.patterns.seriesCache;
  const offline = deps.marketDataDir !== undefined;
  const measurer = new MomentumMeasurer(seriesCache);
  const universe =
    deps.marketDataDir === undefined
      ? staticUniverse(LIVE_MOMENTUM_TICKERS, "configured list: 40 large, liquid US stocks and 5 major crypto assets (static, reviewed 2025-06)")
      : offlineUniverse(deps.marketDataDir);
  return {
    routes: [
      optimizePortfolioRoute(new OptimizeService(seriesCache, deps.patterns.runner)),
      portfolioFactorsRoute(new FactorService(seriesCache, deps.patterns.runner, offline ? OFFLINE_MACRO_PROXIES : US_EQUITY_STYLE_PROXIES)),
      momentumScanRoute(new MomentumScanService(measurer, universe)),
      sectorsMomentumRoute(new SectorMomentumService(measurer, SECTOR_ETFS, CONSTITUENTS_AS_OF)),
    ],
  };
}

/**
 * Every price file of the offline folder, named by the symbol that reaches it (GOLD.csv is GC=F, since a
 * plain GOLD is Barrick's ticker). Yield files quote a rate, not a price, so they are left out.
 */
function offlineUniverse(dir: string): MomentumUniverse {
  const symbolByStem = new Map(Object.entries(OFFLINE_FILE_ALIASES).map(([symbol, stem]) => [stem, symbol]));
  const store = new CsvBarStore({ dir });
  return {
    description: "every price file of the offline dataset (MARKET_DATA_DIR); yield indices left out",
    tickers: async () =>
      (await store.stems()).map((stem) => symbolByStem.get(stem) ?? stem).filter((ticker) => {
        try {
          return resolveSymbol(ticker).assetClass !== "rate";
        } catch {
          return false;
        }
      }),
  };
}
