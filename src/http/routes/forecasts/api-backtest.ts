import { apiBacktestContract, type ApiBacktestParams } from "../../../contracts/forecasts/api-backtest.js";
import type { ForwardDistributionService } from "../../../services/forecasts/forward-distribution-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { analogForecastBody } from "./forecast-wire.js";

export function apiBacktestRoute(forecasts: ForwardDistributionService): RouteModule {
  return operationRoute(apiBacktestContract, async (params: ApiBacktestParams) => {
    const forecast = await forecasts.forLatest({
      ticker: params.ticker,
      lookbackBars: params.lookback,
      lookbackParam: "lookback",
      k: params.k,
      metric: params.metric,
      horizonsDays: params.horizon_days,
    });
    return analogForecastBody(forecast, params.k);
  });
}
