import { apiEarningsSurpriseContract, earningsSurpriseContract, type EarningsSurpriseResponse } from "../../../contracts/feeds/earnings-surprise.js";
import type { EarningsSurpriseService } from "../../../services/feeds/earnings-surprise-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { snapshotMeta } from "./feed-wire.js";

/** The spec names two paths for the same operation (core-api §4.4): both are served, priced alike. */
export function earningsSurpriseRoutes(service: EarningsSurpriseService): RouteModule[] {
  const handle = async (params: { ticker: string }): Promise<EarningsSurpriseResponse> => {
    const s = await service.surprise(params.ticker);
    return {
      ticker: s.ticker,
      quarters: s.quarters,
      other_reports: s.other_reports,
      summary: s.summary,
      market: s.market,
      coverage: {
        quarters: s.quarters.length,
        with_report_date: s.quarters.filter((q) => q.report_date !== null).length,
        with_reaction: s.quarters.filter((q) => q.reaction !== null).length,
        calendar_days_searched: s.calendar_days_searched,
      },
      sources: { eps: "yahoo", report_dates: "nasdaq", prices: s.prices.source, prices_cached: s.prices.cached, prices_note: s.prices.note },
      ...snapshotMeta(s.history),
    };
  };
  return [operationRoute(earningsSurpriseContract, handle), operationRoute(apiEarningsSurpriseContract, handle)];
}
