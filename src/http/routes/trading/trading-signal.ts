import { ANALOG_WEIGHT, FIRE_THRESHOLD, REGIME_WEIGHT } from "../../../analytics/signal-rules.js";
import { tradingSignalContract, type TradingSignalParams } from "../../../contracts/trading/trading-signal.js";
import type { SignalResult, SignalService } from "../../../services/trading/signal-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { horizonWire, windowEcho } from "../forecasts/forecast-wire.js";

export const NARRATIVE_REASON =
  "The narrative (/api/narrative: headline sentiment and momentum) is served separately and is not an input: headlines have no stored history, so a signal using them could not be replayed walk-forward or checked for look-ahead; the signal uses the analog, regime and sizing inputs only.";

const f = (x: number, digits = 4) => x.toFixed(digits);

function rulesText({ decision, sizing }: SignalResult): string {
  const shrink = decision.shrink;
  return (
    `score = ${ANALOG_WEIGHT} * analog_score ${f(decision.analogScore)} * shrink ${f(shrink)} + ${REGIME_WEIGHT} * regime_score ` +
    `${f(decision.regimeScore)} * shrink ${f(shrink)} = ${f(decision.score)}; |score| ${Math.abs(decision.score) >= FIRE_THRESHOLD ? ">=" : "<"} ` +
    `${FIRE_THRESHOLD} and analog mean ${sizing.forecast.distribution.horizons[0].stats.mean === null ? "undefined" : f(sizing.forecast.distribution.horizons[0].stats.mean)}: ${decision.direction}.`
  );
}

/** The wire body of a fired signal (also each setup of /trading/scan). */
export function signalBody(result: SignalResult) {
  const { signal, decision, regime, sizing } = result;
  const horizon = horizonWire(sizing.forecast.distribution.horizons[0], sizing.forecast.evidence[0]);
  return {
    signal_id: signal.id,
    fired_at: new Date(signal.firedAtMs).toISOString(),
    ticker: signal.ticker,
    as_of_date: signal.asOfDate,
    horizon_days: signal.horizonDays,
    direction: signal.direction,
    conviction: signal.conviction,
    score: decision.score,
    entry: { price: signal.entryPrice, date: signal.asOfDate },
    stop: signal.stopPrice,
    target: signal.targetPrice,
    rule_version: signal.ruleVersion,
    expected_return: { mean: horizon.mean, median: horizon.p50, p10: horizon.p10, p90: horizon.p90, n: horizon.n, n_independent: horizon.n_independent },
    components: {
      analog: {
        window: windowEcho(sizing.forecast),
        analogs_found: sizing.forecast.analogs.length,
        mean: horizon.mean,
        std: horizon.std,
        analog_score: decision.analogScore,
        weight: ANALOG_WEIGHT,
        contribution: decision.analogContribution,
      },
      regime: {
        trend: regime.label.trend,
        volatility: regime.label.volatility,
        trend_z: regime.label.trendZ,
        lookback_bars: regime.forecast.window.m,
        regime_score: decision.regimeScore,
        weight: REGIME_WEIGHT,
        contribution: decision.regimeContribution,
      },
      sizing: { shrink: decision.shrink, kelly_full_fraction: sizing.sizing.fullFraction, contribution: null },
      narrative: null,
      narrative_reason: NARRATIVE_REASON,
    },
    rules: rulesText(result),
    logged: true as const,
    cached: sizing.forecast.cached || regime.forecast.cached,
  };
}

export function tradingSignalRoute(signals: SignalService): RouteModule {
  return operationRoute(tradingSignalContract, async (params: TradingSignalParams) => signalBody(await signals.fire({ ticker: params.ticker, horizonDays: params.horizon_days })));
}
