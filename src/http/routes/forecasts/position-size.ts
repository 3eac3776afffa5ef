import { SHRINK_PRIOR } from "../../../analytics/kelly-sizing.js";
import { positionSizeContract, type PositionSizeParams } from "../../../contracts/forecasts/position-size.js";
import { findCatalogRoute } from "../../../contracts/route-catalog.js";
import type { PositionSizeResult, PositionSizeService } from "../../../services/forecasts/position-size-service.js";
import type { RouteModule } from "../../route-module.js";
import { forecastMethod, historyEcho, horizonWire, windowEcho, windowQuery } from "./forecast-wire.js";

function sizingMethod(params: PositionSizeParams, { forecast, sizing }: PositionSizeResult): string {
  const stats = forecast.distribution.horizons[0].stats;
  const kelly =
    sizing.kellyRaw === null
      ? `With n = ${stats.n} outcome(s) and no spread, Kelly is undefined and every fraction is 0.`
      : `Kelly = mean / std^2 = ${stats.mean!.toFixed(5)} / ${stats.std!.toFixed(5)}^2 = ${sizing.kellyRaw.toFixed(3)}, clamped to ` +
        `[0, 1] = ${sizing.fullFraction.toFixed(3)}; half = ${sizing.halfFraction.toFixed(4)}; * confidence ${params.confidence} * shrink ` +
        `${sizing.shrink.toFixed(3)} (n_independent / (n_independent + ${SHRINK_PRIOR})) = ${sizing.adjustedFraction.toFixed(4)} of ` +
        `${params.account_size} USD = ${sizing.dollarSize.toFixed(2)} USD.`;
  return `${forecastMethod(forecast, params.k)} Sizing over ${params.horizon_days} days: ${kelly} Stop and target references are P10 and P90 from the window's last close.`;
}

export function positionSizeRoute(sizer: PositionSizeService): RouteModule {
  return {
    route: findCatalogRoute("position_size"),
    contract: positionSizeContract,
    handle: async (params: PositionSizeParams) => {
      const result = await sizer.size({
        ...windowQuery(params),
        horizonDays: params.horizon_days,
        accountSizeUsd: params.account_size,
        confidence: params.confidence,
      });
      const { forecast, sizing } = result;
      const reference = (r: typeof sizing.stop) => (r === null ? null : { return: r.forwardReturn, price: r.price });
      return {
        ticker: forecast.series.ticker,
        start_date: params.start_date,
        end_date: params.end_date,
        horizon_days: params.horizon_days,
        account_size: params.account_size,
        confidence: params.confidence,
        window: windowEcho(forecast),
        distribution: horizonWire(forecast.distribution.horizons[0]),
        kelly_raw: sizing.kellyRaw,
        full_fraction: sizing.fullFraction,
        half_fraction: sizing.halfFraction,
        shrink: sizing.shrink,
        confidence_adjusted_fraction: sizing.adjustedFraction,
        dollar_size: sizing.dollarSize,
        stop_reference: reference(sizing.stop),
        target_reference: reference(sizing.target),
        risk_at_stop_usd: sizing.riskAtStopUsd,
        k: params.k,
        analogs_found: forecast.analogs.length,
        metric: forecast.metric,
        causal: forecast.causal,
        history: historyEcho(forecast.series),
        method: sizingMethod(params, result),
        cached: forecast.cached,
      };
    },
  };
}
