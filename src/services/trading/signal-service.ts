import { randomBytes } from "node:crypto";
import { decisionFrom, signalAt } from "../../analytics/signal-decision.js";
import { SIGNAL_ANALOGS, SIGNAL_REGIME_BARS, SIGNAL_WINDOW_BARS, type SignalDecision } from "../../analytics/signal-rules.js";
import { AppError } from "../../domain/app-error.js";
import type { HorizonDistribution } from "../../analytics/forward-distribution.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import type { Clock } from "../../domain/clock.js";
import type { FiredSignal } from "../../domain/trading-signal.js";
import type { SignalLog } from "../../storage/repos/signal-log.js";
import type { PositionSizeResult, PositionSizeService } from "../forecasts/position-size-service.js";
import type { RegimeResult, RegimeService } from "../forecasts/regime-service.js";

export interface SignalQuery {
  ticker: string;
  horizonDays: number;
}

/** What the rules decided at one bar, with the distribution and sizing they read. */
export interface Decided {
  sizing: PositionSizeResult;
  decision: SignalDecision;
  horizon: HorizonDistribution;
}

export interface SignalResult {
  signal: FiredSignal;
  decision: SignalDecision;
  regime: RegimeResult;
  sizing: PositionSizeResult;
}

/**
 * Fires a signal from the analog services and logs it before answering. Every input is computed from the
 * ticker's history as loaded now, which ends at the as-of bar: the analogs are causal (they end before the
 * latest window starts) and the regime reads bars up to the as-of bar only.
 */
export class SignalService {
  constructor(
    private readonly regimes: RegimeService,
    private readonly sizer: PositionSizeService,
    private readonly log: SignalLog,
    private readonly clock: Clock,
  ) {}

  async fire(query: SignalQuery): Promise<SignalResult> {
    try {
      return await this.fireUnchecked(query);
    } catch (error) {
      // The services name their own window parameters (lookback_days, start_date); here the window is ours,
      // so a history too short or gapped for it is the ticker's history, not a parameter the caller set.
      if (error instanceof AppError && error.code === "VALIDATION_FAILED") {
        const issue = error.details?.[0]?.issue ?? error.message;
        throw new AppError("RANGE_UNAVAILABLE", `${query.ticker}: the latest bars cannot carry a signal: ${issue}`, {
          details: [{ param: "ticker", issue: `the latest bars cannot carry a signal: ${issue}` }],
        });
      }
      throw error;
    }
  }

  private async fireUnchecked(query: SignalQuery): Promise<SignalResult> {
    const regime = await this.regimes.detect({ ticker: query.ticker, lookbackBars: SIGNAL_REGIME_BARS });
    const series = regime.forecast.series;
    const asOf = series.closes.length - 1;
    const { sizing, decision, horizon } = await this.decideAt(query.ticker, series, asOf, query.horizonDays, regime.label.trendZ);
    const fired = signalAt(series, asOf, query.horizonDays, { lastClose: sizing.lastClose, decision, horizon }, `sig_${randomBytes(12).toString("hex")}`, this.clock.nowMs());
    // Logged before the answer leaves: a signal nobody can see in the history was never fired. The same ticker,
    // as-of date and horizon fired again is the signal already logged (its id and fire time are answered).
    const signal = await this.log.append(fired);
    return { signal, decision, regime, sizing };
  }

  /**
   * The signal rules at bar asOf of the ticker's history, given the regime's trend z there: the causal analogs
   * of the window ending at asOf and their forward distribution, the sizing shrink, the decision. Reads no
   * bar after asOf (the analogs end before the window, their outcomes before it starts). The walk-forward
   * replay decides the same way on a worker (analytics/signal-decision.ts decideAtBar).
   */
  async decideAt(ticker: string, series: PriceSeries, asOf: number, horizonDays: number, trendZ: number): Promise<Decided> {
    const sizing = await this.sizer.size({
      ticker,
      startMs: series.timesMs[asOf - SIGNAL_WINDOW_BARS + 1],
      endMs: series.timesMs[asOf] + 1,
      k: SIGNAL_ANALOGS,
      metric: "l2",
      horizonDays,
      causal: true,
      // Only the fractions and the shrink are used; the dollar figures of a unit account are not reported.
      accountSizeUsd: 1,
      confidence: 1,
    });
    const horizon = sizing.forecast.distribution.horizons[0];
    return { sizing, decision: decisionFrom(series, asOf, horizon, trendZ), horizon };
  }
}
