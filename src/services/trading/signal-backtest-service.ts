import { horizonCloseIndex } from "../../analytics/forward-distribution.js";
import { lowerBound } from "../../analytics/price-series.js";
import { regimeLabel } from "../../analytics/regime-label.js";
import { scoreSignal } from "../../analytics/signal-outcome.js";
import { signalPerformance, type PerformanceFigures } from "../../analytics/signal-performance.js";
import { SIGNAL_REGIME_BARS, SIGNAL_WINDOW_BARS } from "../../analytics/signal-rules.js";
import { AppError } from "../../domain/app-error.js";
import { formatBarTime } from "../../domain/bar.js";
import type { SignalRecord } from "../../domain/trading-signal.js";
import type { SeriesCache } from "../market-data/series-cache.js";
import { signalAt, type SignalService } from "./signal-service.js";

/**
 * The first bar a backtest may fire at: the regime needs its lookback and the analog search a history before
 * the window at least as long (twice the regime lookback, as a live signal needs).
 */
export const BACKTEST_FIRST_BAR = 2 * SIGNAL_REGIME_BARS - 1;

export interface SignalBacktest {
  ticker: string;
  horizonDays: number;
  /** Every replayed signal in time order; the last may be pending (its horizon is beyond the history). */
  signals: SignalRecord[];
  figures: PerformanceFigures;
  /** The last bar of the history the replay ran on. */
  lastDate: string;
}

/**
 * Replays the live signal rules walk-forward over a ticker's stored daily history: a signal at bar t is
 * decided by SignalService.decideAt from bars up to t only; it is scored like a logged signal (stop or
 * target first, else the horizon close); the next signal fires at the first bar after its horizon close,
 * so horizons never overlap. Flat signals take their horizon too (the rules fire every horizon, whatever
 * they say). The analog searches run on the worker pool through the signal service.
 */
export class SignalBacktestService {
  constructor(
    private readonly seriesCache: SeriesCache,
    private readonly signals: SignalService,
    /** Where the series cache's bars come from (yahoo, offline), for provenance. */
    readonly priceSource: string,
  ) {}

  async backtest(query: { ticker: string; horizonDays: number; sinceMs?: number }): Promise<SignalBacktest> {
    const { series, prepared } = await this.seriesCache.load(query.ticker, "1d");
    const n = series.closes.length;
    let t = Math.max(BACKTEST_FIRST_BAR, query.sinceMs === undefined ? 0 : lowerBound(series.timesMs, query.sinceMs));
    if (t >= n) {
      throw new AppError("RANGE_UNAVAILABLE", `${series.ticker}: the stored history has no bar that can carry a signal on or after since`, {
        details: [{ param: "since", issue: `the history of ${series.ticker} ends ${formatBarTime(series.timesMs[n - 1], "1d")} and needs ${BACKTEST_FIRST_BAR + 1} bars before a signal` }],
      });
    }
    const signals: SignalRecord[] = [];
    while (t < n) {
      const clean = (bars: number) => prepared.isEligibleWindow(t - bars + 1, bars);
      if (!clean(SIGNAL_WINDOW_BARS) || !clean(SIGNAL_REGIME_BARS)) {
        t += 1; // a gap or a missing close inside the windows: a live signal would be refused here too
        continue;
      }
      const decided = await this.signals.decideAt(query.ticker, series, t, query.horizonDays, regimeLabel(series, t, SIGNAL_REGIME_BARS).trendZ);
      // Replayed, not fired: the id names the as-of date, and the "fire time" is the as-of bar's.
      const fired = signalAt(series, t, query.horizonDays, decided, `backtest_${formatBarTime(series.timesMs[t], "1d")}`, series.timesMs[t]);
      const outcome = scoreSignal(series, fired);
      if (outcome.kind === "pending") {
        signals.push({ ...fired, status: "pending", pendingReason: outcome.reason, outcome: null });
        // Past the end of the history the replay is over; a horizon that falls in a gap (a 1-day horizon from a
        // Friday) leaves this signal unscorable, as the log would, and the replay goes on at the next bar.
        if (horizonCloseIndex(series, t, query.horizonDays).status === "beyond_history") break;
        t += 1;
        continue;
      }
      signals.push({
        ...fired,
        status: "scored",
        pendingReason: null,
        outcome: {
          exit: outcome.exit,
          exitDate: formatBarTime(series.timesMs[outcome.exitIndex], "1d"),
          exitPrice: outcome.exitPrice,
          assetReturn: outcome.assetReturn,
          signalReturn: outcome.signalReturn,
          // A replay is scored when it is computed: the as-of time of the history it ran on.
          scoredAtMs: series.timesMs[n - 1],
        },
      });
      t = horizonCloseIndex(series, t, query.horizonDays).index! + 1;
    }
    return { ticker: series.ticker, horizonDays: query.horizonDays, signals, figures: signalPerformance(signals), lastDate: formatBarTime(series.timesMs[n - 1], "1d") };
  }
}
