import { analogForecast, type AnalogForecastFigures } from "../../analytics/analog-forecast.js";
import type { SearchableSeries } from "../../analytics/cross-series-analogs.js";
import { forecastSizing } from "../../analytics/forecast-sizing.js";
import { INTERVAL_LEVEL } from "../../analytics/interval-policy.js";
import { regimeLabel } from "../../analytics/regime-label.js";
import { decideAtBar } from "../../analytics/signal-decision.js";
import { SIGNAL_REGIME_BARS, SIGNAL_RULES_VERSION, SIGNAL_WINDOW_BARS } from "../../analytics/signal-rules.js";
import type { ForecastClaim } from "../../domain/forecast-claim.js";
import { claimOf, signalClaim, sizedClaim } from "./forecast-claims.js";
import { barDate, figuresOf, windowDates } from "./replay-figures.js";

/**
 * The replayed decisions of the routes that forecast a ticker's latest window from its own earlier history
 * (docs/track-record.md, "The replay"): each runs the function its live route runs, causal (the query window ends
 * at the decision bar, its analogs end before the window starts, their outcomes and the baseline had closed by
 * then), so a decision reads no bar after it. A bar whose window spans a gap, or whose history before it is shorter
 * than the window (the live routes' 422s), has no decision (null).
 */
export type ReplayDecider = (inputs: readonly SearchableSeries[], bar: number) => ForecastClaim[] | null;

/** The analog forecast of the `m` bars ending at `bar`, or null where a live call would have been refused. */
function latestForecast({ series, prepared }: SearchableSeries, bar: number, m: number, k: number, horizonsDays: readonly number[]): AnalogForecastFigures | null {
  const start = bar - m + 1;
  if (start < m || !prepared.isEligibleWindow(start, m)) return null;
  return analogForecast(series, prepared, { start, m }, { k, metric: "l2", horizonsDays, causal: true });
}

/** One claim per horizon of an analog forecast, as the route's extractor reads its wire body. */
function horizonClaims(route: string, one: SearchableSeries, bar: number, inputs: Record<string, unknown>, forecast: AnalogForecastFigures): ForecastClaim[] {
  const asOfDate = barDate(one.series, bar);
  return forecast.distribution.horizons.map((h, i) =>
    claimOf({ route, series: one.series.ticker, inputs, asOfDate, horizon: h.horizonDays }, figuresOf(h.stats, forecast.evidence[i])),
  );
}

/** The replay's query of the analog routes: the last 20 bars (about a month), 30 analogs, 7 and 30 days. */
export const ANALOG_QUERY = { bars: 20, k: 30, horizonsDays: [7, 30] } as const;
/** /regime_detection's defaults: the last 60 bars and its 3 analogs. */
export const REGIME_QUERY = { bars: 60, k: 3, horizonsDays: [7, 30] } as const;
/** /position_size's defaults over the replay's window: one horizon of 30 days, confidence 0.5, 10,000 USD. */
export const SIZING_QUERY = { bars: 20, k: 30, horizonDays: 30, confidence: 0.5, accountSizeUsd: 10_000 } as const;
/** /trading/signal's default horizon. */
export const SIGNAL_HORIZON_DAYS = 30;

/** /api/backtest with its defaults: the ticker's latest 20 bars. */
const apiBacktest: ReplayDecider = ([one], bar) => {
  const { bars, k, horizonsDays } = ANALOG_QUERY;
  const forecast = latestForecast(one, bar, bars, k, horizonsDays);
  const inputs = { ticker: one.series.ticker, lookback: bars, k, horizon_days: horizonsDays, metric: "l2" };
  return forecast === null ? null : horizonClaims("api_backtest", one, bar, inputs, forecast);
};

/**
 * /forward_distribution of the same window as a dated query ([its first date, the day after its last), causal,
 * the route's defaults): the same computation as /api/backtest's, logged under its own route and inputs.
 */
const forwardDistribution: ReplayDecider = ([one], bar) => {
  const { bars, k, horizonsDays } = ANALOG_QUERY;
  const forecast = latestForecast(one, bar, bars, k, horizonsDays);
  const inputs = { ticker: one.series.ticker, ...windowDates(one.series, bar, bars), horizon_days: horizonsDays, k, metric: "l2", causal: true };
  return forecast === null ? null : horizonClaims("forward_distribution", one, bar, inputs, forecast);
};

const regimeDetection: ReplayDecider = ([one], bar) => {
  const { bars, k, horizonsDays } = REGIME_QUERY;
  const forecast = latestForecast(one, bar, bars, k, horizonsDays);
  return forecast === null ? null : horizonClaims("regime_detection", one, bar, { ticker: one.series.ticker, lookback_days: bars }, forecast);
};

/** /position_size of the replay's window: the sized expected return (forecastSizing, as the route) and its interval. */
const positionSize: ReplayDecider = ([one], bar) => {
  const { bars, k, horizonDays, confidence, accountSizeUsd } = SIZING_QUERY;
  const forecast = latestForecast(one, bar, bars, k, [horizonDays]);
  if (forecast === null) return null;
  const window = { start: bar - bars + 1, m: bars };
  const sizing = forecastSizing({ series: one.series, window, ...forecast }, 0, confidence, accountSizeUsd);
  const inputs = { ticker: one.series.ticker, ...windowDates(one.series, bar, bars), account_size: accountSizeUsd, confidence, horizon_days: horizonDays, k, metric: "l2", causal: true };
  const [claim] = horizonClaims("position_size", one, bar, inputs, forecast);
  return [sizedClaim(claim, sizing.expectedReturn, { low: sizing.interval?.low ?? null, high: sizing.interval?.high ?? null, level: INTERVAL_LEVEL })];
};

/**
 * /trading/signal with its default horizon: the current rules (decideAtBar, the function the live signal and the
 * trading replay share, with the regime's trend z at the bar), as the route's body states the signal.
 */
const tradingSignal: ReplayDecider = ([one], bar) => {
  const { series, prepared } = one;
  const clean = (bars: number) => bar - bars + 1 >= bars && prepared.isEligibleWindow(bar - bars + 1, bars);
  if (!clean(SIGNAL_WINDOW_BARS) || !clean(SIGNAL_REGIME_BARS)) return null;
  const basis = decideAtBar(series, prepared, bar, SIGNAL_HORIZON_DAYS, regimeLabel(series, bar, SIGNAL_REGIME_BARS).trendZ);
  const { stats, nIndependent } = basis.horizon;
  return [
    signalClaim("trading_signal", { ticker: series.ticker, horizon_days: SIGNAL_HORIZON_DAYS }, {
      ticker: series.ticker,
      asOfDate: barDate(series, bar),
      horizonDays: SIGNAL_HORIZON_DAYS,
      ruleVersion: SIGNAL_RULES_VERSION,
      direction: basis.decision.direction,
      mean: stats.mean,
      p10: stats.p10,
      p50: stats.p50,
      p90: stats.p90,
      n: stats.n,
      nIndependent,
      std: stats.std,
    }),
  ];
};

export const ANALOG_DECIDERS: ReadonlyMap<string, ReplayDecider> = new Map([
  ["api_backtest", apiBacktest],
  ["forward_distribution", forwardDistribution],
  ["regime_detection", regimeDetection],
  ["position_size", positionSize],
  ["trading_signal", tradingSignal],
]);
