import { formatBarTime } from "../domain/bar.js";
import type { FiredSignal } from "../domain/trading-signal.js";
import type { PreparedSeries } from "../core/prepared-series.js";
import { analogForecast } from "./analog-forecast.js";
import { forecastSizing } from "./forecast-sizing.js";
import type { HorizonDistribution } from "./forward-distribution.js";
import type { Sizing } from "./kelly-sizing.js";
import type { PriceSeries } from "./price-series.js";
import { decideSignal, SIGNAL_ANALOGS, SIGNAL_RULES_VERSION, SIGNAL_WINDOW_BARS, type SignalDecision } from "./signal-rules.js";
import { windowVolatility } from "./window-volatility.js";

/** What the signal rules read at one bar and what they decided. */
export interface SignalBasis {
  /** The as-of bar's close: the entry, and where the stop and target references are measured from. */
  lastClose: number;
  horizon: HorizonDistribution;
  sizing: Sizing;
  decision: SignalDecision;
}

/** The rules' decision at bar asOf from the horizon's distribution and the regime's trend z (reads no bar after asOf). */
export function decisionFrom(series: PriceSeries, asOf: number, horizon: HorizonDistribution, trendZ: number): SignalDecision {
  const dailyVolatility = windowVolatility(series, asOf, SIGNAL_WINDOW_BARS);
  return decideSignal({ stats: horizon.stats, nIndependent: horizon.nIndependent, trendZ, dailyVolatility, entryPrice: series.closes[asOf] });
}

/**
 * The signal rules at bar asOf, given the regime's trend z there: the causal analogs of the SIGNAL_WINDOW_BARS
 * window ending at asOf, their forward distribution at the horizon, the decision (and the sizing it reports). Reads no
 * bar after asOf. The window must be eligible (the walk-forward replay checks it). The live signal decides
 * through the services (SignalService.decideAt): the same forecast on the worker, the same sizing and rules.
 */
export function decideAtBar(series: PriceSeries, prepared: PreparedSeries, asOf: number, horizonDays: number, trendZ: number): SignalBasis {
  const window = { start: asOf - SIGNAL_WINDOW_BARS + 1, m: SIGNAL_WINDOW_BARS };
  const forecast = analogForecast(series, prepared, window, { k: SIGNAL_ANALOGS, metric: "l2", horizonsDays: [horizonDays], causal: true });
  const horizon = forecast.distribution.horizons[0];
  const lastClose = series.closes[asOf];
  // Reported beside the decision, not read by it: a unit account at full confidence, as the live signal sizes.
  const sizing = forecastSizing({ series, window, ...forecast }, 0, 1, 1);
  return { lastClose, horizon, sizing, decision: decisionFrom(series, asOf, horizon, trendZ) };
}

/** The signal the rules decided at bar asOf, as the log stores it (the live signal and the replay both build it here). */
export function signalAt(series: PriceSeries, asOf: number, horizonDays: number, basis: Pick<SignalBasis, "lastClose" | "decision" | "horizon">, id: string, firedAtMs: number): FiredSignal {
  const { decision, horizon } = basis;
  return {
    id,
    firedAtMs,
    ticker: series.ticker,
    asOfDate: formatBarTime(series.timesMs[asOf], "1d"),
    asOfMs: series.timesMs[asOf],
    direction: decision.direction,
    conviction: decision.conviction,
    entryPrice: basis.lastClose,
    stopPrice: decision.stopPrice,
    targetPrice: decision.targetPrice,
    horizonDays,
    expectedReturn: horizon.stats.mean,
    ruleVersion: SIGNAL_RULES_VERSION,
  };
}
