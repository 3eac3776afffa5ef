/**
 * The computations besides bare searches that run on the search workers (SearchRunner.compute): every
 * analytics pass over whole histories that a route would otherwise run on the event loop (forward
 * distributions and their baselines, regime labels, playbook outcomes and lead-lag, macro analogs, correlation
 * matrices, profile studies, signal replays, forecast-log replays, portfolio optimisation and factor regressions). Each is a pure
 * function of the histories and plain arguments; it runs on the worker's own copies of the histories
 * (search-worker-cache.ts), so per-history memos (baselines, log returns) and the search indexes are reused
 * from call to call. Searches whose answer needs more than the matches (the pattern routes' analogs and
 * summary) are tasks too, so each is one trip to a worker. A task may return a promise (optimizePortfolio):
 * the worker awaits it before it takes its next job.
 */
import { analogForecast, type AnalogForecastFigures, type AnalogForecastOptions } from "../../analytics/analog-forecast.js";
import { correlationReport } from "../../analytics/correlation-report.js";
import { macroAnalogs } from "../../analytics/macro-periods.js";
import { describeAnalogs, patternAnalogs, shardAnalogMatches, type PatternSearch, type ShardSearch } from "../../analytics/pattern-analogs.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import { playbookOutcomes, type PlaybookAnchors } from "../../analytics/playbook-outcomes.js";
import { selectionEffect } from "../../analytics/selection-effect.js";
import { compareWithBaselines } from "../../analytics/trading-baselines.js";
import type { SignalRecord } from "../../domain/trading-signal.js";
import { profileStudy } from "../../analytics/profile-study.js";
import { regimeLabel, type RegimeLabel } from "../../analytics/regime-label.js";
import { replayStretch } from "../../analytics/signal-replay.js";
import type { ProfileBacktestOptions } from "../../analytics/walk-forward-backtest.js";
import type { PreparedSeries } from "../../core/prepared-series.js";
import type { WindowMatch } from "../../core/select-matches.js";
import { replayDecisions, type ReplayTaskArgs } from "../track-record/replay-routes.js";
import { decomposeHistories, type FactorInputs } from "../portfolio/factor-computation.js";
import { HighsSolverLoader } from "../portfolio/highs-qp-solver.js";
import { optimizeHistories, type OptimizeInputs } from "../portfolio/optimize-computation.js";

/** A history as a task sees it: the worker's copy and its preparation for searches. */
export interface TaskSeries {
  series: PriceSeries;
  prepared: PreparedSeries;
}

export interface ForecastTaskArgs {
  window: { start: number; m: number };
  options: AnalogForecastOptions;
  /** Also label the window's trend and volatility regime (regime-label.ts). */
  labelRegime: boolean;
}

const histories = (inputs: readonly TaskSeries[]) => inputs.map((input) => input.series);

/** This thread's HiGHS, loaded on the first optimisation (a node that never optimises never loads it). */
const solvers = new HighsSolverLoader();

export const WORKER_TASKS = {
  /** The first history is the query's; the others a universe's (PatternSearch.excludeRanges). */
  patternAnalogs: (inputs: readonly TaskSeries[], search: PatternSearch) => patternAnalogs(inputs, search),
  /** One shard of a universe search: the query's history, then the shard's (universe-search.ts). */
  universeShard: (inputs: readonly TaskSeries[], search: ShardSearch) => shardAnalogMatches(inputs, search),
  /** The merged matches of a sharded universe search described: the query's history, then those holding a match. */
  describeAnalogs: (inputs: readonly TaskSeries[], args: { search: PatternSearch; matches: WindowMatch[] }) => describeAnalogs(inputs, args.search, args.matches, true),
  forecast: ([one]: readonly TaskSeries[], args: ForecastTaskArgs): AnalogForecastFigures & { regime: RegimeLabel | null } => ({
    ...analogForecast(one.series, one.prepared, args.window, args.options),
    regime: args.labelRegime ? regimeLabel(one.series, args.window.start + args.window.m - 1, args.window.m) : null,
  }),
  /** The first history is the ticker's, the rest its peers'. */
  playbookOutcomes: ([ticker, ...peers]: readonly TaskSeries[], anchors: PlaybookAnchors) => {
    const { m, k, metric, queryStart } = anchors.search;
    const designEffects = selectionEffect(ticker.series, ticker.prepared, m, { k, metric, horizonsDays: anchors.horizonsDays, causal: false }, queryStart);
    return playbookOutcomes(ticker.series, histories(peers), anchors, designEffects);
  },
  /** The four histories in MACRO_ROLES order. */
  macroAnalogs: (inputs: readonly TaskSeries[], query: { lookbackDays: number; k: number }) => macroAnalogs(histories(inputs), query),
  correlationReport: (inputs: readonly TaskSeries[], query: { period: string; periodMonths: number }) => correlationReport(histories(inputs), query),
  /** Asynchronous: the first optimisation on a worker compiles HiGHS's WebAssembly there (~80 ms). */
  optimizePortfolio: async (inputs: readonly TaskSeries[], query: OptimizeInputs) => optimizeHistories(histories(inputs), query, await solvers.load()),
  /** The book's histories, then the proxies' (FactorInputs.proxySymbols). */
  factorDecomposition: (inputs: readonly TaskSeries[], query: FactorInputs) => decomposeHistories(histories(inputs), query),
  profileStudy: ([one]: readonly TaskSeries[], options: ProfileBacktestOptions) => profileStudy(one.series, options),
  signalReplay: ([one]: readonly TaskSeries[], args: { horizonDays: number; firstBar: number; maxSignals: number }) =>
    replayStretch(one.series, one.prepared, args.horizonDays, args.firstBar, args.maxSignals),
  /** The histories of the records' tickers (any order; a ticker without one is left out of the random baseline). */
  tradingBaselines: (inputs: readonly TaskSeries[], args: { records: SignalRecord[] }) => {
    const byTicker = new Map(inputs.map((one) => [one.series.ticker, one.series] as const));
    return compareWithBaselines(args.records, (ticker) => byTicker.get(ticker) ?? null);
  },
  /** The forecast log's walk-forward replay: a route's forecasts at several decision bars, from bars up to each (track-record/replay-routes.ts). */
  forecastReplay: (inputs: readonly TaskSeries[], args: ReplayTaskArgs) => replayDecisions(inputs, args),
} satisfies Record<string, (inputs: readonly TaskSeries[], args: never) => unknown>;

export type WorkerTasks = typeof WORKER_TASKS;
export type TaskName = keyof WorkerTasks;
export type TaskArgs<N extends TaskName> = Parameters<WorkerTasks[N]>[1];
export type TaskResult<N extends TaskName> = Awaited<ReturnType<WorkerTasks[N]>>;
