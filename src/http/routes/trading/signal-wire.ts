import { INTERVAL_LEVEL } from "../../../analytics/interval-policy.js";
import type { PerformanceFigures } from "../../../analytics/signal-performance.js";
import type { BaselineComparison, MeanFigure } from "../../../analytics/trading-baselines.js";
import { DAY_MS, formatBarTime, parseIsoDate } from "../../../domain/bar.js";
import type { SignalRecord } from "../../../domain/trading-signal.js";

const iso = (ms: number) => new Date(ms).toISOString();

/** The route filters as a log query: since is a UTC date, inclusive. */
export const logFilter = (params: { ticker?: string; since?: string }) => ({
  ticker: params.ticker,
  sinceMs: params.since === undefined ? undefined : parseIsoDate(params.since),
});

export function signalRecordWire(r: SignalRecord) {
  return {
    id: r.id,
    fired_at: iso(r.firedAtMs),
    ticker: r.ticker,
    as_of_date: r.asOfDate,
    direction: r.direction,
    conviction: r.conviction,
    entry: r.entryPrice,
    stop: r.stopPrice,
    target: r.targetPrice,
    horizon_days: r.horizonDays,
    expected_return: r.expectedReturn,
    rule_version: r.ruleVersion,
    due_date: formatBarTime(r.asOfMs + r.horizonDays * DAY_MS, "1d"),
    status: r.status,
    pending_reason: r.pendingReason,
    outcome:
      r.outcome === null
        ? null
        : {
            exit: r.outcome.exit,
            exit_date: r.outcome.exitDate,
            exit_price: r.outcome.exitPrice,
            asset_return: r.outcome.assetReturn,
            signal_return: r.outcome.signalReturn,
            hold_return: r.outcome.holdReturn,
            scored_at: iso(r.outcome.scoredAtMs),
          },
  };
}

export function figuresWire(f: PerformanceFigures) {
  return {
    n_scored: f.nScored,
    n_pending: f.nPending,
    n_flat_scored: f.nFlatScored,
    n_directional: f.nDirectional,
    win_rate: f.winRate,
    average_return: f.averageReturn,
    median_return: f.medianReturn,
    std: f.std,
    risk_adjusted_ratio: f.riskAdjusted,
  };
}

const interval = (m: MeanFigure) => ({ n: m.n, mean: m.mean, low: m.interval?.low ?? null, high: m.interval?.high ?? null, level: INTERVAL_LEVEL, withheld: m.withheld });

export function baselinesWire(b: BaselineComparison) {
  return {
    strategy: interval(b.strategy),
    buy_and_hold: interval(b.buyAndHold),
    excess_over_hold: interval(b.excessOverHold),
    random_entry:
      b.randomEntry === null
        ? null
        : {
            draws: b.randomEntry.draws,
            trades: b.randomEntry.trades,
            mean: b.randomEntry.mean,
            low: b.randomEntry.low,
            high: b.randomEntry.high,
            strategy_beats: b.randomEntry.strategyBeats,
          },
    verdict: b.verdict,
  };
}
