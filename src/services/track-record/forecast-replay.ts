import type { Logger } from "pino";
import type { PriceSeries } from "../../analytics/price-series.js";
import { formatBarTime } from "../../domain/bar.js";
import type { ForecastClaim } from "../../domain/forecast-claim.js";
import type { SearchRunner } from "../patterns/search-job.js";
import { claimOf } from "./forecast-claims.js";
import type { DailyHistory, ForecastRecorder } from "./forecast-recorder.js";

/** Trading days between decisions: about one a month. */
export const REPLAY_EVERY_BARS = 21;
/** The first decision needs this many bars before it (about two years), besides the route's own minimum. */
export const REPLAY_FIRST_BAR = 504;
/** Decisions per worker task: a task of well under a second, so other routes' jobs get a worker in between. */
const DECISIONS_PER_TASK = 20;

/** A route replayed: its name in the log, the query it makes, and its parameters as a live call would send them. */
export interface ReplayedRoute {
  route: string;
  lookbackBars: number;
  k: number;
  horizonsDays: readonly number[];
  inputs: (ticker: string) => Record<string, unknown>;
}

/**
 * The replayed routes: the two that forecast a ticker's latest shape with their defaults (api_backtest: the last
 * 20 bars, 30 analogs, 7 and 30 days, which is also /forward_distribution's causal forecast of that window;
 * regime_detection: the last 60 bars, its 3 analogs). Routes that need a caller's window or peers are not replayed.
 */
export const REPLAYED_ROUTES: readonly ReplayedRoute[] = [
  { route: "api_backtest", lookbackBars: 20, k: 30, horizonsDays: [7, 30], inputs: (ticker) => ({ ticker, lookback: 20, k: 30, horizon_days: [7, 30], metric: "l2" }) },
  { route: "regime_detection", lookbackBars: 60, k: 3, horizonsDays: [7, 30], inputs: (ticker) => ({ ticker, lookback_days: 60 }) },
];

/** The decision bars of a history of n bars: every REPLAY_EVERY_BARS-th bar from REPLAY_FIRST_BAR. */
export function replayDecisionBars(n: number): number[] {
  const bars: number[] = [];
  for (let t = REPLAY_FIRST_BAR; t < n; t += REPLAY_EVERY_BARS) bars.push(t);
  return bars;
}

export interface ReplayReport {
  tickers: number;
  decisions: number;
  rows: number;
  /** False when the time budget ran out first; the next run continues where this one stopped. */
  complete: boolean;
}

/**
 * The walk-forward replay of the forecast routes over the stored daily histories (docs/track-record.md): at each
 * decision bar, the forecast the route would have answered then, from bars up to that bar only, logged with
 * source `replay` and scored by the same job as live forecasts. Incremental: decisions already in the log are
 * not recomputed, so a run that hit its time budget, or a history that grew, continues where the log stops.
 */
export class ForecastReplay {
  constructor(
    private readonly recorder: ForecastRecorder,
    private readonly alreadyLogged: (route: string, series: string) => Promise<Set<string>>,
    private readonly history: DailyHistory,
    private readonly runner: SearchRunner,
    private readonly tickers: readonly string[],
  ) {}

  /** Replays every ticker (or `options.tickers`) until done or the budget is spent. */
  async run(options: { budgetMs: number; nowMs: () => number; logger: Logger; signal?: AbortSignal; tickers?: readonly string[] }): Promise<ReplayReport> {
    const report: ReplayReport = { tickers: 0, decisions: 0, rows: 0, complete: true };
    const deadline = options.nowMs() + options.budgetMs;
    for (const ticker of options.tickers ?? this.tickers) {
      let series: PriceSeries;
      try {
        series = await this.history(ticker);
      } catch (error) {
        options.logger.warn({ ticker, err: error }, "forecast replay: history unavailable");
        continue;
      }
      report.tickers += 1;
      for (const route of REPLAYED_ROUTES) {
        const logged = await this.alreadyLogged(route.route, series.ticker);
        const todo = replayDecisionBars(series.closes.length).filter((t) => !logged.has(formatBarTime(series.timesMs[t], "1d")));
        for (let i = 0; i < todo.length; i += DECISIONS_PER_TASK) {
          if (options.signal?.aborted === true || options.nowMs() > deadline) return { ...report, complete: false };
          const claims = await this.decide(series, route, todo.slice(i, i + DECISIONS_PER_TASK));
          report.decisions += Math.min(DECISIONS_PER_TASK, todo.length - i);
          report.rows += await this.recorder.record(claims, { source: "replay", responseSha256: null });
        }
      }
    }
    return report;
  }

  /** The claims of a route's decisions at these bars, computed on the search workers. */
  async decide(series: PriceSeries, route: ReplayedRoute, bars: readonly number[]): Promise<ForecastClaim[]> {
    const decisions = await this.runner.compute("forecastReplay", [series], { bars, lookbackBars: route.lookbackBars, k: route.k, horizonsDays: route.horizonsDays });
    return decisions.flatMap((d) =>
      (d.horizons ?? []).map((h) =>
        claimOf(
          { route: route.route, series: series.ticker, inputs: route.inputs(series.ticker), asOfDate: formatBarTime(series.timesMs[d.bar], "1d"), horizon: h.horizonDays },
          h.figures,
        ),
      ),
    );
  }
}
