import type { SearchableSeries } from "../../analytics/cross-series-analogs.js";
import { MACRO_ROLES, macroAnalogs } from "../../analytics/macro-periods.js";
import { patternAnalogs } from "../../analytics/pattern-analogs.js";
import { playbookOutcomes, type HorizonOutcome } from "../../analytics/playbook-outcomes.js";
import { profileStudy } from "../../analytics/profile-study.js";
import { selectionEffect } from "../../analytics/selection-effect.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import { returnBetween } from "../../core/returns.js";
import { AppError } from "../../domain/app-error.js";
import { DAY_MS, formatBarTime } from "../../domain/bar.js";
import type { ForecastClaim } from "../../domain/forecast-claim.js";
import { outcomeKindOf } from "../../domain/outcome-kind.js";
import { resolveSymbol } from "../../domain/symbol-resolver.js";
import { claimOf, macroOutcomeKind } from "./forecast-claims.js";
import type { ReplayDecider } from "./replay-analog-routes.js";
import { barDate, evidenceFigures, figuresOf, historyAt, windowDates } from "./replay-figures.js";

/**
 * The replayed decisions of the routes that read a ticker's whole history (/get_patterns and /playbook search all
 * of it, /pattern_backtest and /macro_analog scan it): each decision runs the live route's function on the
 * histories cut at the decision bar (historyAt), as a live call made that day would have found them, so no later
 * bar can enter. Where the live route would have refused (a window over a gap, too short a history) there is no
 * decision (null).
 */

/** /get_patterns with its defaults (3 analogs, l2, wrapped windows admitted) over the replay's month: the last 20 bars. */
export const PATTERN_QUERY = { bars: 20, k: 3 } as const;
/** /pattern_backtest's defaults: a rise of at least 10% over 20 bars, its outcome 20 bars later. */
export const TRIGGER_QUERY = { lookbackBars: 20, forwardBars: 20, minReturn: 0.1 } as const;
/** /playbook's defaults (20 analogs, 7 and 30 days, l2, a 250-return lead-lag) over the replay's month, with fixed peers. */
export const PLAYBOOK_QUERY = { bars: 20, k: 20, horizonsDays: [7, 30], leadLagReturns: 250 } as const;
/** The playbook's peers: an equity index, gold and a coin (the ticker itself left out). */
export const PLAYBOOK_PEERS = ["SPY", "GC=F", "BTC-USD"] as const;
/** /macro_analog's defaults. */
export const MACRO_QUERY = { lookbackDays: 20, k: 5 } as const;

/** Whether the `bars` bars ending at `bar` of a cut history make a window the live route accepts (at most half of it, no gap). */
const acceptedWindow = ({ prepared }: SearchableSeries, bar: number, bars: number) => bar - bars + 1 >= bars && prepared.isEligibleWindow(bar - bars + 1, bars);

const getPatterns: ReplayDecider = ([whole], bar) => {
  const own = historyAt(whole.series, whole.series.timesMs[bar])!;
  const { bars, k } = PATTERN_QUERY;
  if (!acceptedWindow(own, bar, bars)) return null;
  const search = { queryStart: bar - bars + 1, m: bars, k, metric: "l2" as const, wrap: true, summarize: true };
  const { summary } = patternAnalogs([own], { ...search, outcomeKinds: [outcomeKindOf(resolveSymbol(own.series.ticker))] });
  const inputs = { ticker: own.series.ticker, ...windowDates(own.series, bar, bars), k, metric: "l2", wrap: true, timeframe: "1d" };
  return summary!.evidence.map((e) =>
    claimOf({ route: "get_patterns", series: own.series.ticker, inputs, asOfDate: barDate(own.series, bar), horizon: e.horizonDays }, evidenceFigures(e.evidence)),
  );
};

/** The bars at which /pattern_backtest's default trigger fires (a rise of at least 10% over the last 20 bars). */
export function triggerBars(series: PriceSeries, from: number): number[] {
  const bars: number[] = [];
  for (let t = Math.max(from, TRIGGER_QUERY.lookbackBars); t < series.closes.length; t++) {
    if (returnBetween(series.closes, t - TRIGGER_QUERY.lookbackBars, t) >= TRIGGER_QUERY.minReturn) bars.push(t);
  }
  return bars;
}

/** A trigger at the decision bar is a pending event of the study as of that bar: the past triggers' distribution over 20 bars. */
const patternBacktest: ReplayDecider = ([whole], bar) => {
  const own = whole.series.timesMs[bar];
  const cut = historyAt(whole.series, own)!.series;
  const { backtest, evidence } = profileStudy(cut, TRIGGER_QUERY);
  if (!backtest.pending.some((e) => e.index === bar)) return null;
  const inputs = { ticker: cut.ticker, lookback_days: TRIGGER_QUERY.lookbackBars, forward_days: TRIGGER_QUERY.forwardBars, min_return: TRIGGER_QUERY.minReturn };
  return [
    claimOf(
      { route: "pattern_backtest", series: cut.ticker, inputs, asOfDate: barDate(cut, bar), horizon: TRIGGER_QUERY.forwardBars, horizonUnit: "bars" },
      figuresOf(backtest.independentStats, evidence),
    ),
  ];
};

/** The ticker's and each peer's outcomes after the ticker window's analogs (the /playbook search: no wrapped windows). */
const playbook: ReplayDecider = ([whole, ...peersWhole], bar) => {
  const moment = whole.series.timesMs[bar];
  const own = historyAt(whole.series, moment)!;
  const { bars, k, horizonsDays, leadLagReturns } = PLAYBOOK_QUERY;
  if (!acceptedWindow(own, bar, bars)) return null;
  const peers = peersWhole.map((p) => historyAt(p.series, moment)).filter((p): p is SearchableSeries => p !== null);
  const queryStart = bar - bars + 1;
  const { analogs } = patternAnalogs([own], { queryStart, m: bars, k, metric: "l2", wrap: false, summarize: false });
  const { timesMs } = own.series;
  const search = { m: bars, k, metric: "l2" as const, queryStart };
  const designEffects = selectionEffect(own.series, own.prepared, bars, { k, metric: "l2", horizonsDays, causal: false }, queryStart);
  const anchors = {
    startsMs: analogs.map((a) => timesMs[a.indices[0]]),
    anchorsMs: analogs.map((a) => timesMs[a.indices[a.indices.length - 1]]),
    queryStartMs: timesMs[queryStart],
    endMs: moment + DAY_MS,
    horizonsDays: [...horizonsDays],
    leadLagReturns,
    search,
  };
  const computed = playbookOutcomes(own.series, peers.map((p) => p.series), anchors, designEffects);
  const window = windowDates(own.series, bar, bars);
  const inputs = { ticker: own.series.ticker, ...window, peers: peersWhole.map((p) => p.series.ticker), k, horizon_days: horizonsDays, metric: "l2", lead_lag_window: leadLagReturns };
  const asOfDate = barDate(own.series, bar);
  const of = (series: string, outcomes: HorizonOutcome[]) =>
    outcomes.map((o) => claimOf({ route: "playbook", series, inputs, asOfDate, horizon: o.horizonDays }, figuresOf(o, o.evidence)));
  return [...of(own.series.ticker, computed.tickerOutcomes), ...computed.peers.flatMap((p, i) => of(peers[i].series.ticker, p.outcomes))];
};

/**
 * The four macro series' state at the decision date matched to earlier periods, each series' moves after them. The
 * first history is the equity index's (the decision bars are its), then the volatility index, the yield and gold.
 */
const macroAnalog: ReplayDecider = ([equity, volatility, yield10y, gold], bar) => {
  const moment = equity.series.timesMs[bar];
  const byRole = { volatility, yield_10y: yield10y, equity, gold };
  const cut = MACRO_ROLES.map((role) => historyAt(byRole[role].series, moment));
  if (cut.some((c) => c === null)) return null;
  let figures;
  try {
    figures = macroAnalogs(cut.map((c) => c!.series), MACRO_QUERY);
  } catch (error) {
    // Too few shared dates: the live route's 422.
    if (error instanceof AppError) return null;
    throw error;
  }
  const inputs = { lookback_days: MACRO_QUERY.lookbackDays, k: MACRO_QUERY.k };
  // As the live answer dates it: the last date the four series share.
  const asOfDate = formatBarTime(figures.current.endMs, "1d");
  return figures.evidence.flatMap((row) =>
    MACRO_ROLES.map((role, i) =>
      claimOf(
        { route: "macro_analog", series: cut[i]!.series.ticker, inputs, asOfDate, horizon: row.horizonDays, outcomeKind: macroOutcomeKind(role) },
        evidenceFigures(row.byRole[role]),
      ),
    ),
  );
};

export const HISTORY_DECIDERS: ReadonlyMap<string, ReplayDecider> = new Map([
  ["get_patterns", getPatterns],
  ["pattern_backtest", patternBacktest],
  ["playbook", playbook],
  ["macro_analog", macroAnalog],
]);
