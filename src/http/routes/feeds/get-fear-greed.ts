import { getFearGreedContract } from "../../../contracts/feeds/get-fear-greed.js";
import type { FearGreedService } from "../../../services/feeds/fear-greed-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { snapshotMeta } from "./feed-wire.js";

export function getFearGreedRoute(fearGreed: FearGreedService): RouteModule {
  return operationRoute(getFearGreedContract, async () => {
    const served = await fearGreed.current();
    return { ...served.value, ...snapshotMeta(served) };
  });
}
