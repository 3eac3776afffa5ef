import type { ForecastClaim } from "../../domain/forecast-claim.js";
import { claimOf, macroOutcomeKind, signalClaim, sizedClaim } from "../../services/track-record/forecast-claims.js";
import { dayBefore, wireFigures, type WireEvidence, type WireStats } from "./wire-figures.js";
import { ownValue } from "../../domain/own-value.js";

/** What a route's 200 body claimed, from its validated parameters and that body (read structurally). */
export type ClaimExtractor = (params: Record<string, unknown>, body: any) => ForecastClaim[];

type HorizonRow = WireEvidence & WireStats & { horizon_days: number };

/** /forward_distribution and /api/backtest: one claim per horizon, as of the query window's last bar. */
const analogHorizons =
  (route: string): ClaimExtractor =>
  (params, body) =>
    (body.horizons as HorizonRow[]).map((h) =>
      claimOf({ route, series: body.ticker, inputs: params, asOfDate: body.window.last_date, horizon: h.horizon_days }, wireFigures(h, h)),
    );

const getPatterns: ClaimExtractor = (params, body) => {
  // Intraday searches have no daily horizon to score; the evidence's horizons are calendar days after the window.
  if (params.timeframe !== undefined && params.timeframe !== "1d") return [];
  return ((body.evidence ?? []) as (WireEvidence & { horizon_days: number })[]).map((e) =>
    claimOf({ route: "get_patterns", series: body.query.ticker, inputs: params, asOfDate: dayBefore(body.query.end_date), horizon: e.horizon_days }, wireFigures(e)),
  );
};

const regime: ClaimExtractor = (params, body) =>
  (body.forward_summary as HorizonRow[]).map((h) =>
    claimOf({ route: "regime_detection", series: body.ticker, inputs: params, asOfDate: body.as_of, horizon: h.horizon_days }, wireFigures(h, h)),
  );

/** The sized forecast: the rescaled expected return and its interval, over the analogs' distribution. */
const positionSize: ClaimExtractor = (params, body) => {
  const d = body.distribution as HorizonRow;
  const claim = claimOf({ route: "position_size", series: body.ticker, inputs: params, asOfDate: body.window.last_date, horizon: d.horizon_days }, wireFigures(d, d));
  return [sizedClaim(claim, body.expected_return, { low: body.expected_return_low, high: body.expected_return_high, level: d.mean_ci.level })];
};

/** Every trigger whose outcome is still unknown is a signal: the distribution of past triggers over forward_days bars. */
const patternBacktest: ClaimExtractor = (params, body) =>
  (body.pending_events as { date: string }[]).map((event) =>
    claimOf(
      { route: "pattern_backtest", series: body.ticker, inputs: params, asOfDate: event.date, horizon: body.forward_days, horizonUnit: "bars" },
      wireFigures(body, body.distribution),
    ),
  );

/** The ticker's and every served peer's outcomes after the analog windows, as of the window's last bar. */
const playbook: ClaimExtractor = (params, body) => {
  const asOfDate = dayBefore(body.end_date);
  const of = (series: string, outcomes: HorizonRow[]) =>
    outcomes.map((h) => claimOf({ route: "playbook", series, inputs: params, asOfDate, horizon: h.horizon_days }, wireFigures(h, h)));
  const peers = (body.peers as { ticker: string; status: string; outcomes?: HorizonRow[] }[]).filter((p) => p.status === "ok" && p.outcomes !== undefined);
  return [...of(body.ticker, body.ticker_outcomes), ...peers.flatMap((p) => of(p.ticker, p.outcomes!))];
};

/** Each of the four series at each horizon; the 10-year yield's outcomes are changes in percentage points. */
const macroAnalog: ClaimExtractor = (params, body) => {
  const symbols = body.symbols as Record<string, string>;
  return (body.evidence as Record<string, unknown>[]).flatMap((row) =>
    Object.entries(symbols)
      .filter(([role]) => Object.hasOwn(row, role))
      .map(([role, symbol]) =>
        claimOf(
          {
            route: "macro_analog",
            series: symbol,
            inputs: params,
            asOfDate: body.current.end_date,
            horizon: row.horizon_days as number,
            outcomeKind: macroOutcomeKind(role),
          },
          wireFigures(ownValue(row, role) as WireEvidence),
        ),
      ),
  );
};

/** A trading signal as /trading/signal answers it (and each setup of /trading/scan): its side, the analogs' distribution. */
function tradingSignalClaim(route: string, params: Record<string, unknown>, signal: any): ForecastClaim {
  const r = signal.expected_return;
  return signalClaim(route, params, {
    ticker: signal.ticker,
    asOfDate: signal.as_of_date,
    horizonDays: signal.horizon_days,
    ruleVersion: signal.rule_version,
    direction: signal.direction,
    mean: r.mean,
    p10: r.p10,
    p50: r.median,
    p90: r.p90,
    n: r.n,
    nIndependent: r.n_independent,
    std: signal.components.analog.std,
  });
}

const tradingSignal: ClaimExtractor = (params, body) => [tradingSignalClaim("trading_signal", params, body)];

/** The setups a scan showed, each as the signal it is (the scan's own parameters are the inputs). */
const tradingScan: ClaimExtractor = (params, body) => (body.setups as unknown[]).map((setup) => tradingSignalClaim("trading_scan", params, setup));

/**
 * The paid forecast-like routes and how each one's answer becomes claims (docs/track-record.md lists them).
 */
export const FORECAST_CLAIMS: ReadonlyMap<string, ClaimExtractor> = new Map([
  ["get_patterns", getPatterns],
  ["forward_distribution", analogHorizons("forward_distribution")],
  ["api_backtest", analogHorizons("api_backtest")],
  ["regime_detection", regime],
  ["position_size", positionSize],
  ["pattern_backtest", patternBacktest],
  ["playbook", playbook],
  ["macro_analog", macroAnalog],
  ["trading_signal", tradingSignal],
  ["trading_scan", tradingScan],
]);
