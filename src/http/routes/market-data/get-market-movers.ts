import { getMarketMoversContract } from "../../../contracts/market-data/get-market-movers.js";
import { formatBarTime } from "../../../domain/bar.js";
import type { Clock } from "../../../domain/clock.js";
import type { Mover, MoverCategory, MoversProvider } from "../../../providers/prices/port.js";
import type { MarketDataService } from "../../../services/market-data/market-data-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

type Category = "all" | MoverCategory;

export function getMarketMoversRoute(marketData: MarketDataService, movers: Pick<MoversProvider, "name" | "universe">, clock: Clock): RouteModule {
  return operationRoute(getMarketMoversContract, async (params: { category: Category; count: number }) => {
    const wanted: MoverCategory[] = params.category === "all" ? ["gainers", "losers", "most_active"] : [params.category];
    const lists = await Promise.all(wanted.map((category) => marketData.topMovers(category, params.count)));
    const body: Record<string, unknown> = { category: params.category, count: params.count };
    wanted.forEach((category, i) => {
      body[category] = lists[i].map(toWire);
    });
    body.source = movers.name;
    body.universe = movers.universe;
    body.as_of = asOf(lists.flat(), movers.name === "offline");
    body.fetched_at = new Date(clock.nowMs()).toISOString();
    return body;
  });
}

/** Offline: the one trading day every row describes; live: the latest quote time among the rows. */
function asOf(rows: readonly Mover[], daily: boolean): string | null {
  const times = rows.flatMap((m) => (m.asOfMs === null ? [] : [m.asOfMs]));
  if (times.length === 0) return null;
  const latest = Math.max(...times);
  return daily ? formatBarTime(latest, "1d") : new Date(latest).toISOString();
}

function toWire(m: Mover) {
  return { symbol: m.symbol, name: m.name, price: m.price, change_pct: m.changePct, volume: m.volume, market_cap: m.marketCap };
}
