import { getTrendsContract } from "../../../contracts/feeds/get-trends.js";
import type { TrendPeriod } from "../../../domain/feed-vocabulary.js";
import type { TrendsService } from "../../../services/feeds/trends-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { snapshotMeta } from "./feed-wire.js";

export function getTrendsRoute(trends: TrendsService): RouteModule {
  return operationRoute(getTrendsContract, async (params: { period: TrendPeriod; geo: string }) => {
    const a = await trends.trends(params.period, params.geo);
    const meta = snapshotMeta(a);
    return {
      period: a.period,
      geo: a.geo,
      fetched_at: meta.fetched_at,
      count: a.trends.length,
      source: a.source,
      trends: a.trends,
      cached: meta.cached,
      ...(a.note === undefined ? {} : { note: a.note }),
    };
  });
}
