import type { SearchableSeries } from "../../analytics/cross-series-analogs.js";
import type { MacroSymbols } from "../../analytics/macro-periods.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import type { ForecastClaim } from "../../domain/forecast-claim.js";
import { ANALOG_DECIDERS } from "./replay-analog-routes.js";
import { SIGNAL_RULES_VERSION } from "../../analytics/signal-rules.js";
import { HISTORY_DECIDERS, PLAYBOOK_PEERS, triggerBars } from "./replay-history-routes.js";

/** Trading days between decisions: about one a month. */
export const REPLAY_EVERY_BARS = 21;
/** The first decision needs this many bars before it (about two years), besides the route's own minimum. */
export const REPLAY_FIRST_BAR = 504;

/** The decision bars of a history of n bars: every REPLAY_EVERY_BARS-th bar from REPLAY_FIRST_BAR. */
export function replayDecisionBars(n: number): number[] {
  const bars: number[] = [];
  for (let t = REPLAY_FIRST_BAR; t < n; t += REPLAY_EVERY_BARS) bars.push(t);
  return bars;
}

/** A route replayed: which histories, at which bars, in tasks of how many decisions (its computation is in REPLAY_DECIDERS). */
export interface ReplayedRoute {
  route: string;
  /** The histories the decision reads besides the ticker's, in order (a playbook's peers, the other macro series). */
  companions: (ticker: string) => readonly string[];
  /** The bars of the ticker's history a decision is made at. */
  decisionBars: (series: PriceSeries) => number[];
  /** Decisions per worker task: a task of about a second at most, so other routes' jobs get a worker in between. */
  perTask: number;
  /** The parameters a live call at the decision bar sends (placeholders in angle brackets), for the record's readers. */
  defaults: Record<string, unknown>;
  /** When the decisions are made, in words. */
  decisions: string;
  /** Replayed over these tickers only, not the replay's list (/macro_analog: the equity index of its four series). */
  only?: readonly string[];
}

const monthly = (series: PriceSeries) => replayDecisionBars(series.closes.length);
const MONTHLY = `every ${REPLAY_EVERY_BARS} trading days from bar ${REPLAY_FIRST_BAR} of each history`;
/** The replay's dated query window: the 20 bars ending at the decision bar, [first date, the day after the last). */
const WINDOW = { start_date: "<date of the 20th bar back>", end_date: "<the day after the decision bar>" };

/**
 * Every forecast route of the log (forecast-claim-table.ts), replayed with a live call's defaults; the computations
 * are in replay-analog-routes.ts and replay-history-routes.ts. /trading/scan is a scan of /trading/signal over a
 * universe: its setups are the signals replayed here, so it has no replay of its own.
 */
export function replayedRoutes(macro: MacroSymbols): ReplayedRoute[] {
  const ownHistory = { companions: () => [], decisionBars: monthly, decisions: MONTHLY };
  return [
    { route: "api_backtest", ...ownHistory, perTask: 20, defaults: { ticker: "<ticker>", lookback: 20, k: 30, horizon_days: [7, 30], metric: "l2" } },
    {
      route: "forward_distribution",
      ...ownHistory,
      perTask: 20,
      defaults: { ticker: "<ticker>", ...WINDOW, horizon_days: [7, 30], k: 30, metric: "l2", causal: true },
    },
    { route: "regime_detection", ...ownHistory, perTask: 20, defaults: { ticker: "<ticker>", lookback_days: 60 } },
    {
      route: "position_size",
      ...ownHistory,
      perTask: 20,
      defaults: { ticker: "<ticker>", ...WINDOW, account_size: 10_000, confidence: 0.5, horizon_days: 30, k: 30, metric: "l2", causal: true },
    },
    { route: "trading_signal", ...ownHistory, perTask: 20, defaults: { ticker: "<ticker>", horizon_days: 30, rule_version: SIGNAL_RULES_VERSION } },
    { route: "get_patterns", ...ownHistory, perTask: 10, defaults: { ticker: "<ticker>", ...WINDOW, k: 3, metric: "l2", wrap: true, timeframe: "1d" } },
    {
      route: "pattern_backtest",
      ...ownHistory,
      // Every bar the default trigger fires at: the day a daily caller first sees it pending.
      decisionBars: (series) => triggerBars(series, REPLAY_FIRST_BAR),
      decisions: `every trading day from bar ${REPLAY_FIRST_BAR} at which the trigger fires (the day it is first pending)`,
      perTask: 20,
      defaults: { ticker: "<ticker>", lookback_days: 20, forward_days: 20, min_return: 0.1 },
    },
    {
      route: "playbook",
      ...ownHistory,
      companions: (ticker) => PLAYBOOK_PEERS.filter((p) => p !== ticker),
      perTask: 5,
      defaults: { ticker: "<ticker>", ...WINDOW, peers: `${PLAYBOOK_PEERS.join(",")} (without the ticker)`, k: 20, horizon_days: [7, 30], metric: "l2", lead_lag_window: 250 },
    },
    {
      route: "macro_analog",
      ...ownHistory,
      companions: () => [macro.volatility, macro.yield_10y, macro.gold],
      decisions: `${MONTHLY} of ${macro.equity} (the equity series of the four)`,
      perTask: 10,
      only: [macro.equity],
      defaults: { lookback_days: 20, k: 5 },
    },
  ];
}

const REPLAY_DECIDERS = new Map([...ANALOG_DECIDERS, ...HISTORY_DECIDERS]);

/** One replayed decision: the bar it was made at and its claims (null: a live call would have been refused there). */
export interface ReplayDecision {
  bar: number;
  claims: ForecastClaim[] | null;
}

export interface ReplayTaskArgs {
  route: string;
  /** Decision bars of the first history. */
  bars: readonly number[];
}

/** A route's decisions at several bars of the first history (the rest are its companions). Runs on a search worker (worker-tasks.ts). */
export function replayDecisions(inputs: readonly SearchableSeries[], args: ReplayTaskArgs): ReplayDecision[] {
  const decide = REPLAY_DECIDERS.get(args.route);
  if (decide === undefined) throw new RangeError(`no replay for route ${args.route}`);
  return args.bars.map((bar) => ({ bar, claims: decide(inputs, bar) }));
}
