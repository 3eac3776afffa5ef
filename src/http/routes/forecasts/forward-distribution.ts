import { forwardDistributionContract, type ForwardDistributionParams } from "../../../contracts/forecasts/forward-distribution.js";
import type { ForwardDistributionService } from "../../../services/forecasts/forward-distribution-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { analogForecastBody, windowQuery } from "./forecast-wire.js";

export function forwardDistributionRoute(forecasts: ForwardDistributionService): RouteModule {
  return operationRoute(forwardDistributionContract, async (params: ForwardDistributionParams) => {
    const forecast = await forecasts.forWindow({ ...windowQuery(params), horizonsDays: params.horizon_days });
    // The spec's names, for the first horizon listed; every horizon keeps its own detail in `horizons`.
    const primary = forecast.distribution.horizons[0].stats;
    return {
      ...analogForecastBody(forecast, params.k),
      start_date: params.start_date,
      end_date: params.end_date,
      primary_horizon_days: forecast.distribution.horizons[0].horizonDays,
      P10: primary.p10,
      P25: primary.p25,
      P50: primary.p50,
      P75: primary.p75,
      P90: primary.p90,
    };
  });
}
