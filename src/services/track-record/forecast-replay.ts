import type { Logger } from "pino";
import type { PriceSeries } from "../../analytics/price-series.js";
import { formatBarTime } from "../../domain/bar.js";
import type { ForecastClaim } from "../../domain/forecast-claim.js";
import type { SearchRunner } from "../patterns/search-job.js";
import type { DailyHistory, ForecastRecorder } from "./forecast-recorder.js";
import type { ReplayDecision, ReplayedRoute } from "./replay-routes.js";

const claimsOf = (decisions: readonly ReplayDecision[]) => decisions.flatMap((d) => d.claims ?? []);

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
  /**
   * Decisions this process has made and logged, by route, series and decision date. The log's as-of dates cannot
   * tell them all: a decision a live call would have been refused at (a gap, too short a history; /macro_analog
   * before gold's history starts) logs nothing, and /macro_analog dates its rows by the last date the four series
   * share; without this, every run would compute those again.
   */
  private readonly decided = new Set<string>();

  constructor(
    private readonly recorder: ForecastRecorder,
    private readonly alreadyLogged: (route: string, series: string) => Promise<Set<string>>,
    private readonly history: DailyHistory,
    private readonly runner: SearchRunner,
    private readonly tickers: readonly string[],
    readonly routes: readonly ReplayedRoute[],
  ) {}

  /** Replays every ticker and route (or only `options.tickers`, `options.routes`) until done or the budget is spent. */
  async run(options: {
    budgetMs: number;
    nowMs: () => number;
    logger: Logger;
    signal?: AbortSignal;
    tickers?: readonly string[];
    routes?: readonly string[];
  }): Promise<ReplayReport> {
    const report: ReplayReport = { tickers: 0, decisions: 0, rows: 0, complete: true };
    const deadline = options.nowMs() + options.budgetMs;
    const tickers = options.tickers ?? this.tickers;
    const routeTickers = (route: ReplayedRoute) => (route.only === undefined ? tickers : route.only.filter((t) => options.tickers === undefined || tickers.includes(t)));
    const seen = new Set<string>();
    for (const route of this.routes) {
      if (options.routes !== undefined && !options.routes.includes(route.route)) continue;
      for (const ticker of routeTickers(route)) {
        const inputs = await this.histories([ticker, ...route.companions(ticker)], route.route, options.logger);
        if (inputs === null) continue;
        if (!seen.has(ticker)) report.tickers += 1;
        seen.add(ticker);
        const [series] = inputs;
        const logged = await this.alreadyLogged(route.route, series.ticker);
        const asOf = (t: number) => formatBarTime(series.timesMs[t], "1d");
        const decidedKey = (t: number) => `${route.route}|${series.ticker}|${asOf(t)}`;
        const todo = route.decisionBars(series).filter((t) => !logged.has(asOf(t)) && !this.decided.has(decidedKey(t)));
        for (let i = 0; i < todo.length; i += route.perTask) {
          if (options.signal?.aborted === true || options.nowMs() > deadline) return { ...report, complete: false };
          const bars = todo.slice(i, i + route.perTask);
          report.decisions += bars.length;
          report.rows += await this.recorder.record(claimsOf(await this.decisions(inputs, route, bars)), { source: "replay", responseSha256: null });
          for (const t of bars) this.decided.add(decidedKey(t));
        }
      }
    }
    return report;
  }

  /** The ticker's history and its companions', or null (logged) when one is unavailable. */
  private async histories(tickers: readonly string[], route: string, logger: Logger): Promise<PriceSeries[] | null> {
    try {
      return await Promise.all(tickers.map((t) => this.history(t)));
    } catch (error) {
      logger.warn({ route, tickers, err: error }, "forecast replay: history unavailable");
      return null;
    }
  }

  /** The claims of a route's decisions at these bars of the first history (the rest its companions), computed on the search workers. */
  async decide(inputs: readonly PriceSeries[], route: ReplayedRoute, bars: readonly number[]): Promise<ForecastClaim[]> {
    return claimsOf(await this.decisions(inputs, route, bars));
  }

  /** A route's decisions at these bars, computed on the search workers. */
  private decisions(inputs: readonly PriceSeries[], route: ReplayedRoute, bars: readonly number[]): Promise<ReplayDecision[]> {
    return this.runner.compute("forecastReplay", inputs, { route: route.route, bars });
  }
}
