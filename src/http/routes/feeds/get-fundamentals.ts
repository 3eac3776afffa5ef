import { getFundamentalsContract } from "../../../contracts/feeds/get-fundamentals.js";
import type { FundamentalsService } from "../../../services/feeds/fundamentals-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { snapshotMeta } from "./feed-wire.js";

export function getFundamentalsRoute(fundamentals: FundamentalsService): RouteModule {
  return operationRoute(getFundamentalsContract, async (params: { ticker: string }) => {
    const served = await fundamentals.fundamentals(params.ticker);
    const { symbol: _source, ...f } = served.value;
    return { ...f, ticker: served.ticker, ...snapshotMeta(served) };
  });
}
