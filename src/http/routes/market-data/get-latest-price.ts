import { getLatestPriceContract } from "../../../contracts/market-data/get-latest-price.js";
import { findCatalogRoute } from "../../../contracts/route-catalog.js";
import { formatBarTime } from "../../../domain/bar.js";
import type { MarketDataService } from "../../../services/market-data/market-data-service.js";
import type { RouteModule } from "../../route-module.js";

export function getLatestPriceRoute(marketData: MarketDataService): RouteModule {
  return {
    route: findCatalogRoute("get_latest_price"),
    contract: getLatestPriceContract,
    handle: async (params: { ticker: string }) => {
      const latest = await marketData.latest(params.ticker);
      return {
        ticker: latest.ticker,
        date: formatBarTime(latest.dateMs, "1d"),
        close: latest.close,
        change_pct: latest.changePct,
        cached: latest.cached,
      };
    },
  };
}
