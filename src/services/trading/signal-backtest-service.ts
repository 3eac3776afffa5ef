import { lowerBound } from "../../analytics/price-series.js";
import { signalPerformance, type PerformanceFigures } from "../../analytics/signal-performance.js";
import { REPLAY_FIRST_BAR, type ReplayStretch } from "../../analytics/signal-replay.js";
import type { BaselineComparison } from "../../analytics/trading-baselines.js";
import { AppError } from "../../domain/app-error.js";
import { formatBarTime } from "../../domain/bar.js";
import type { SignalRecord } from "../../domain/trading-signal.js";
import type { SeriesCache } from "../market-data/series-cache.js";
import type { SearchRunner } from "../patterns/search-job.js";

/** ~2 ms of a worker per signal on a daily history: a task of ~0.1 s, where a whole replay holds it ~0.6 s. */
const SIGNALS_PER_TASK = 50;

export interface SignalBacktest {
  ticker: string;
  horizonDays: number;
  /** Every replayed signal in time order; the last may be pending (its horizon is beyond the history). */
  signals: SignalRecord[];
  figures: PerformanceFigures;
  /** The replayed trades beside buy-and-hold over the same periods and random entries with the same exposure. */
  baselines: BaselineComparison;
  /** The last bar of the history the replay ran on. */
  lastDate: string;
}

/**
 * Replays the live signal rules walk-forward over a ticker's stored daily history (analytics/signal-replay.ts:
 * a signal at bar t decided from bars up to t only, scored like a logged signal, the next one after its
 * horizon). The replay, hundreds of causal searches and their forecasts, runs on the worker pool in tasks of
 * SIGNALS_PER_TASK signals, so the workers take other routes' jobs between them.
 */
export class SignalBacktestService {
  constructor(
    private readonly seriesCache: SeriesCache,
    private readonly runner: SearchRunner,
    /** Where the series cache's bars come from (yahoo, offline), for provenance. */
    readonly priceSource: string,
  ) {}

  async backtest(query: { ticker: string; horizonDays: number; sinceMs?: number }): Promise<SignalBacktest> {
    const { series } = await this.seriesCache.load(query.ticker, "1d");
    const n = series.closes.length;
    const firstBar = Math.max(REPLAY_FIRST_BAR, query.sinceMs === undefined ? 0 : lowerBound(series.timesMs, query.sinceMs));
    if (firstBar >= n) {
      throw new AppError("RANGE_UNAVAILABLE", `${series.ticker}: the stored history has no bar that can carry a signal on or after since`, {
        details: [{ param: "since", issue: `the history of ${series.ticker} ends ${formatBarTime(series.timesMs[n - 1], "1d")} and needs ${REPLAY_FIRST_BAR + 1} bars before a signal` }],
      });
    }
    const signals: SignalRecord[] = [];
    for (let at: number | null = firstBar; at !== null; ) {
      const stretch: ReplayStretch = await this.runner.compute("signalReplay", [series], { horizonDays: query.horizonDays, firstBar: at, maxSignals: SIGNALS_PER_TASK });
      signals.push(...stretch.signals);
      at = stretch.nextBar;
    }
    const baselines = await this.runner.compute("tradingBaselines", [series], { records: signals });
    return { ticker: series.ticker, horizonDays: query.horizonDays, signals, figures: signalPerformance(signals), baselines, lastDate: formatBarTime(series.timesMs[n - 1], "1d") };
  }
}
