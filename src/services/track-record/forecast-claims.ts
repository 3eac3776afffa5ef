import type { ClaimInterval, ForecastClaim } from "../../domain/forecast-claim.js";

/** Below this many outcomes the analogs' P10 to P90 is not logged as a range for the outcome (it is their extremes). */
export const RANGE_MIN_OUTCOMES = 5;
/** The outcome range a forecast publishes: its analogs' 10th to 90th percentiles. */
export const RANGE_LEVEL = 0.8;

/**
 * The figures of one horizon of a forecast-like answer, however it reached us: read from a signed wire body
 * (http/forecast-claims) or from the analytics objects a replay computed (forecast-replay.ts). One mapping to a
 * claim for both, so the live record and the replay log the same thing.
 */
export interface HorizonFigures {
  /** Outcomes the distribution figures describe (overlapping ones included), and their statistics. */
  n: number | null;
  mean: number | null;
  std: number | null;
  hitRate: number | null;
  p10: number | null;
  p50: number | null;
  p90: number | null;
  /** The interval of the independent outcomes' mean (mean_ci); mean null when there were none. */
  meanCi: { nIndependent: number; mean: number | null; low: number | null; high: number | null; level: number } | null;
  baselineMean: number | null;
  baselineHitRate: number | null;
}

export interface ClaimIdentity {
  route: string;
  series: string;
  inputs: Record<string, unknown>;
  asOfDate: string;
  horizon: number;
  horizonUnit?: ForecastClaim["horizonUnit"];
  outcomeKind?: ForecastClaim["outcomeKind"];
}

/**
 * The claim of one horizon: the point forecast is the independent outcomes' mean (what mean_ci is about), else
 * the plain mean; the outcome range is P10 to P90 when at least RANGE_MIN_OUTCOMES outcomes stand behind it;
 * the probability of a rise is the analogs' hit rate; the dispersion their standard deviation.
 */
export function claimOf(identity: ClaimIdentity, f: HorizonFigures): ForecastClaim {
  const meanInterval: ClaimInterval | null =
    f.meanCi === null || f.meanCi.low === null || f.meanCi.high === null ? null : { low: f.meanCi.low, high: f.meanCi.high, level: f.meanCi.level };
  const range: ClaimInterval | null =
    f.p10 === null || f.p90 === null || (f.n ?? 0) < RANGE_MIN_OUTCOMES ? null : { low: f.p10, high: f.p90, level: RANGE_LEVEL };
  const mean = f.meanCi?.mean ?? f.mean;
  return {
    route: identity.route,
    series: identity.series,
    inputs: identity.inputs,
    asOfDate: identity.asOfDate,
    horizon: identity.horizon,
    horizonUnit: identity.horizonUnit ?? "calendar_days",
    outcomeKind: identity.outcomeKind ?? "return",
    mean,
    median: f.p50,
    range,
    meanInterval,
    probabilityUp: f.hitRate,
    direction: null,
    baselineMean: f.baselineMean,
    baselineHitRate: f.baselineHitRate,
    dispersion: (f.n ?? 0) >= 3 ? f.std : null,
    nIndependent: f.meanCi?.nIndependent ?? null,
  };
}

/**
 * A sized forecast (/position_size): the claim of its horizon with the point forecast replaced by the expected
 * return rescaled to the query's risk and its interval (null when withheld).
 */
export function sizedClaim(claim: ForecastClaim, expectedReturn: number | null, interval: { low: number | null; high: number | null; level: number }): ForecastClaim {
  const { low, high, level } = interval;
  return { ...claim, mean: expectedReturn ?? claim.mean, meanInterval: low === null || high === null ? null : { low, high, level } };
}

/** What a trading signal claims (/trading/signal and each setup of /trading/scan): its side and its analogs' distribution. */
export interface SignalFigures {
  ticker: string;
  asOfDate: string;
  horizonDays: number;
  ruleVersion: number;
  direction: "long" | "short" | "flat";
  mean: number | null;
  p10: number | null;
  p50: number | null;
  p90: number | null;
  n: number;
  nIndependent: number;
  std: number | null;
}

/** A trading signal's claim: the rules version is among the inputs, so a new version is a new forecast. */
export function signalClaim(route: string, params: Record<string, unknown>, s: SignalFigures): ForecastClaim {
  const claim = claimOf(
    { route, series: s.ticker, inputs: { ...params, rule_version: s.ruleVersion }, asOfDate: s.asOfDate, horizon: s.horizonDays },
    { mean: s.mean, p10: s.p10, p50: s.p50, p90: s.p90, n: s.n, std: s.std, hitRate: null, meanCi: null, baselineMean: null, baselineHitRate: null },
  );
  return { ...claim, direction: s.direction, nIndependent: s.nIndependent };
}

/** The 10-year yield's outcomes are changes in percentage points; every other macro series' are returns. */
export const macroOutcomeKind = (role: string): ForecastClaim["outcomeKind"] => (role === "yield_10y" ? "change" : "return");
