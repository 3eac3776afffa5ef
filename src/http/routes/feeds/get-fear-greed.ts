import { getFearGreedContract } from "../../../contracts/feeds/get-fear-greed.js";
import { findCatalogRoute } from "../../../contracts/route-catalog.js";
import type { FearGreedService } from "../../../services/feeds/fear-greed-service.js";
import type { RouteModule } from "../../route-module.js";
import { snapshotMeta } from "./feed-wire.js";

export function getFearGreedRoute(fearGreed: FearGreedService): RouteModule {
  return {
    route: findCatalogRoute("get_fear_greed"),
    contract: getFearGreedContract,
    handle: async () => {
      const served = await fearGreed.current();
      return { ...served.value, ...snapshotMeta(served) };
    },
  };
}
