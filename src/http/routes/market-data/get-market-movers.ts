import { getMarketMoversContract } from "../../../contracts/market-data/get-market-movers.js";
import { findCatalogRoute } from "../../../contracts/route-catalog.js";
import type { Clock } from "../../../domain/clock.js";
import type { Mover, MoverCategory } from "../../../providers/prices/port.js";
import type { MarketDataService } from "../../../services/market-data/market-data-service.js";
import type { RouteModule } from "../../route-module.js";

type Category = "all" | MoverCategory;

export function getMarketMoversRoute(marketData: MarketDataService, sourceName: string, clock: Clock): RouteModule {
  return {
    route: findCatalogRoute("get_market_movers"),
    contract: getMarketMoversContract,
    handle: async (params: { category: Category; count: number }) => {
      const wanted: MoverCategory[] = params.category === "all" ? ["gainers", "losers", "most_active"] : [params.category];
      const lists = await Promise.all(wanted.map((category) => marketData.topMovers(category, params.count)));
      const body: Record<string, unknown> = { category: params.category, count: params.count };
      wanted.forEach((category, i) => {
        body[category] = lists[i].map(toWire);
      });
      body.source = sourceName;
      body.fetched_at = new Date(clock.nowMs()).toISOString();
      return body;
    },
  };
}

function toWire(m: Mover) {
  return { symbol: m.symbol, name: m.name, price: m.price, change_pct: m.changePct, volume: m.volume, market_cap: m.marketCap };
}
