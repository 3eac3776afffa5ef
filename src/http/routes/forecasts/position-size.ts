import { LEVERAGE_CAP } from "../../../analytics/kelly-sizing.js";
import { positionSizeContract, type PositionSizeParams } from "../../../contracts/forecasts/position-size.js";
import type { PositionSizeResult, PositionSizeService } from "../../../services/forecasts/position-size-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { forecastMethod, historyEcho, horizonWire, windowEcho, windowQuery } from "./forecast-wire.js";

const f = (x: number | null, digits: number) => (x === null ? "n/a" : x.toFixed(digits));

function sizingMethod(params: PositionSizeParams, { forecast, sizing }: PositionSizeResult): string {
  const kelly =
    `each outcome's move around the baseline mean rescaled by the query's daily volatility ${f(sizing.volatility.queryDaily, 5)} over its analog window's; expected return = ` +
    `mean of the rescaled independent outcomes = ${f(sizing.expectedReturn, 5)}; shrunk = max(0, lower end of its 90% interval) = ` +
    `${sizing.shrunkReturn.toFixed(5)}; Kelly = shrunk / variance of the rescaled outcomes, clamped to [0, ${LEVERAGE_CAP}] = ` +
    `${sizing.fullFraction.toFixed(4)}; half = ${sizing.halfFraction.toFixed(4)}; * confidence ${params.confidence} = ` +
    `${sizing.adjustedFraction.toFixed(4)} of ${params.account_size} USD = ${sizing.dollarSize.toFixed(2)} USD. ${sizing.reason}`;
  return `${forecastMethod(forecast, params.k)} Sizing over ${params.horizon_days} days: ${kelly} Stop and target references are the rescaled P10 and P90 from the window's last close.`;
}

/** Why the outcomes are rescaled, for the answer itself. */
const VOLATILITY_WHY =
  "Analogs match the window's shape after z-normalisation, not its risk: each outcome's move around the drift is rescaled by the " +
  "query window's daily volatility over its own window's, so the size follows the risk taken now.";

export function positionSizeRoute(sizer: PositionSizeService): RouteModule {
  return operationRoute(positionSizeContract, async (params: PositionSizeParams) => {
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
      volatility: { query_daily: sizing.volatility.queryDaily, analogs_median_daily: sizing.volatility.analogsMedianDaily, why: VOLATILITY_WHY },
      expected_return: sizing.expectedReturn,
      expected_return_low: sizing.interval?.low ?? null,
      expected_return_high: sizing.interval?.high ?? null,
      interval_withheld: sizing.intervalWithheld,
      shrunk_return: sizing.shrunkReturn,
      shrink: sizing.shrink,
      variance: sizing.variance,
      kelly_raw: sizing.kellyRaw,
      leverage_cap: LEVERAGE_CAP,
      full_fraction: sizing.fullFraction,
      half_fraction: sizing.halfFraction,
      confidence_adjusted_fraction: sizing.adjustedFraction,
      dollar_size: sizing.dollarSize,
      reason: sizing.reason,
      edge: forecast.evidence[0].excess.mean,
      t_stat: forecast.evidence[0].excess.tStat,
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
  });
}
