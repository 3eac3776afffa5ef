import { LEVERAGE_CAP } from "../../../analytics/kelly-sizing.js";
import { positionSizeContract, type PositionSizeParams } from "../../../contracts/forecasts/position-size.js";
import { findCatalogRoute } from "../../../contracts/route-catalog.js";
import type { PositionSizeResult, PositionSizeService } from "../../../services/forecasts/position-size-service.js";
import type { RouteModule } from "../../route-module.js";
import { forecastMethod, historyEcho, horizonWire, windowEcho, windowQuery } from "./forecast-wire.js";

const f = (x: number | null, digits: number) => (x === null ? "n/a" : x.toFixed(digits));

function sizingMethod(params: PositionSizeParams, { forecast, sizing }: PositionSizeResult): string {
  const kelly =
    `edge = independent mean - baseline mean = ${f(sizing.edge, 5)}, t = ${f(sizing.tStat, 2)}; shrunk edge = max(0, lower end of ` +
    `its 90% interval), 0 when |t| < 1, = ${f(sizing.shrunkEdge, 5)}; Kelly = shrunk edge / variance of the independent outcomes, clamped to ` +
    `[0, ${LEVERAGE_CAP}] = ${sizing.fullFraction.toFixed(4)}; half = ${sizing.halfFraction.toFixed(4)}; * confidence ${params.confidence} = ` +
    `${sizing.adjustedFraction.toFixed(4)} of ${params.account_size} USD = ${sizing.dollarSize.toFixed(2)} USD. ${sizing.reason}`;
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
        mode: forecast.mode,
        window: windowEcho(forecast),
        distribution: horizonWire(forecast.distribution.horizons[0], forecast.evidence[0]),
        edge: sizing.edge,
        t_stat: sizing.tStat,
        shrink: sizing.shrink,
        shrunk_edge: sizing.shrunkEdge,
        kelly_raw: sizing.kellyRaw,
        leverage_cap: LEVERAGE_CAP,
        full_fraction: sizing.fullFraction,
        half_fraction: sizing.halfFraction,
        confidence_adjusted_fraction: sizing.adjustedFraction,
        dollar_size: sizing.dollarSize,
        reason: sizing.reason,
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
