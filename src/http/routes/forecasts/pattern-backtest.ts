import type { ProfileEvent } from "../../../analytics/walk-forward-backtest.js";
import { patternBacktestContract, RECENT_EVENTS_LISTED, type PatternBacktestParams } from "../../../contracts/forecasts/pattern-backtest.js";
import type { PriceSeries } from "../../../analytics/price-series.js";
import type { PatternBacktestResult, PatternBacktestService } from "../../../services/forecasts/pattern-backtest-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { evidenceWire } from "../evidence-wire.js";
import { dateOf, historyEcho, pct, statsWire } from "./forecast-wire.js";

function eventWire(series: PriceSeries, forwardBars: number, event: ProfileEvent) {
  const known = event.forwardReturn !== null;
  return {
    date: dateOf(series, event.index),
    lookback_return: event.lookbackReturn,
    outcome_date: known ? dateOf(series, event.index + forwardBars) : null,
    forward_return: event.forwardReturn,
  };
}

function backtestMethod(params: PatternBacktestParams, { series, backtest, evidence }: PatternBacktestResult): string {
  const rule = params.min_return >= 0 ? `>= ${pct(params.min_return)}` : `<= ${pct(params.min_return)}`;
  const mean = (x: number | null) => (x === null ? "n/a" : pct(x));
  return (
    `Trigger at bar t: close[t] / close[t - ${params.lookback_days}] - 1 ${rule}, from closes up to t only. Outcome: ` +
    `close[t + ${params.forward_days}] / close[t] - 1. Scanned every bar of ${series.ticker}'s ${series.closes.length}-bar daily ` +
    `history; spans crossing a data gap are left out (${backtest.droppedForGap}). Greedily keeping the triggers whose ` +
    `[t - ${params.lookback_days}, t + ${params.forward_days}] spans share no daily return leaves ${backtest.independent.length} ` +
    `independent events (mean ${mean(backtest.independentStats.mean)}): the headline distribution. All ${backtest.completed.length} ` +
    `triggers with a known outcome, overlapping ones included (mean ${mean(backtest.stats.mean)}), are the secondary one. ` +
    `Baseline over all ${backtest.baselineStats.n} bars: mean ${mean(backtest.baselineStats.mean)}; excess of the independent mean ` +
    `${mean(evidence.excess.mean)} (90% ${mean(evidence.excess.ci?.low ?? null)} to ${mean(evidence.excess.ci?.high ?? null)}). ` +
    `${backtest.pending.length} triggers are pending (outcome not known yet). Percentiles are type 7; hit rate is the share above zero.`
  );
}

export function patternBacktestRoute(backtests: PatternBacktestService): RouteModule {
  return operationRoute(patternBacktestContract, async (params: PatternBacktestParams) => {
    const result = await backtests.run({
      ticker: params.ticker,
      lookbackBars: params.lookback_days,
      forwardBars: params.forward_days,
      minReturn: params.min_return,
    });
    const { series, backtest } = result;
    const toWire = (event: ProfileEvent) => eventWire(series, params.forward_days, event);
    return {
      ticker: series.ticker,
      lookback_days: params.lookback_days,
      forward_days: params.forward_days,
      min_return: params.min_return,
      direction: params.min_return >= 0 ? ("at_least" as const) : ("at_most" as const),
      n_events: backtest.completed.length,
      n_independent_events: backtest.independent.length,
      n_pending_events: backtest.pending.length,
      n_dropped_for_gap: backtest.droppedForGap,
      mode: "full_history" as const,
      distribution: statsWire(backtest.independentStats),
      overlapping_distribution: statsWire(backtest.stats),
      ...evidenceWire(result.evidence),
      recent_events: backtest.independent.slice(-RECENT_EVENTS_LISTED).map(toWire),
      pending_events: backtest.pending.map(toWire),
      history: historyEcho(series),
      method: backtestMethod(params, result),
      cached: result.cached,
    };
  });
}
