import type { PerformanceFigures } from "../../../analytics/signal-performance.js";
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
