import { skewCorrectedMeanInterval } from "../core/mean-interval.js";
import { mean, sampleStd } from "../core/statistics.js";
import type { ForecastRecord, ForecastSource, HorizonUnit } from "../domain/forecast-claim.js";
import { calibration, wilsonInterval, type CalibrationBin } from "./forecast-scoring.js";

/** Level of the intervals the record puts on its own figures (coverage, hit rates, mean excess). */
export const RECORD_INTERVAL_LEVEL = 0.95;

export interface Proportion {
  n: number;
  hits: number;
  rate: number | null;
  /** 95% Wilson score interval of the rate; null without rows. */
  low: number | null;
  high: number | null;
}

export interface MeanFigure {
  n: number;
  mean: number | null;
  /** 95% Student t interval of the mean; null below two rows or without spread. */
  low: number | null;
  high: number | null;
}

export interface RecordGroup {
  source: ForecastSource;
  route: string;
  horizon: number;
  horizonUnit: HorizonUnit;
  series: number;
  /** Rows by state. Retrospective: outcome already in the history the forecast read (logged, never counted). */
  logged: number;
  pending: number;
  void: number;
  retrospective: number;
  scored: number;
  /** Share of outcomes inside the published range (the analogs' P10 to P90), against its nominal level. */
  rangeCoverage: Proportion & { nominal: number | null };
  /** Share of outcomes inside the interval of the mean: a claim about the average, so expected far below its level. */
  meanIntervalCoverage: Proportion & { nominal: number | null };
  /** Forecasts whose side (sign of the mean, or a signal's) was the outcome's, against the baseline's side on the same rows. */
  hitRate: Proportion;
  baselineHitRate: Proportion;
  /** Realised minus baseline mean; predicted is the forecast's mean minus the same baseline mean. */
  realisedExcess: MeanFigure;
  predictedExcess: MeanFigure;
  /** Realised excess signed by the predicted excess's side: positive when the forecasts pick the better-than-baseline times. */
  directionalExcess: MeanFigure;
  brier: { n: number; forecast: number | null; baseline: number | null };
  calibration: CalibrationBin[];
  /** The analogs' dispersion and the trailing volatility as forecasts of the realised volatility: mean |ln(forecast / realised)|. */
  volatility: { n: number; analogsLogError: number | null; trailingLogError: number | null; analogsCloser: Proportion };
}

function proportion(flags: readonly boolean[]): Proportion {
  const hits = flags.filter(Boolean).length;
  const n = flags.length;
  if (n === 0) return { n, hits, rate: null, low: null, high: null };
  const ci = wilsonInterval(hits, n);
  return { n, hits, rate: hits / n, low: ci.low, high: ci.high };
}

function meanFigure(values: readonly number[]): MeanFigure {
  const n = values.length;
  if (n === 0) return { n, mean: null, low: null, high: null };
  const m = mean(values);
  const s = n >= 2 ? sampleStd(values) : 0;
  if (n < 2 || !(s > 0)) return { n, mean: m, low: null, high: null };
  const ci = skewCorrectedMeanInterval(m, s, n, RECORD_INTERVAL_LEVEL);
  return { n, mean: m, low: ci.low, high: ci.high };
}

const present = <T>(v: T | null): v is T => v !== null;
const nominalOf = (levels: readonly number[]) => (levels.length === 0 ? null : mean(levels));

/** The figures of one group of rows (one source, route and horizon). */
export function recordGroup(rows: readonly ForecastRecord[]): RecordGroup {
  const first = rows[0];
  const counted = rows.filter((r) => r.exAnte);
  const scored = counted.filter((r) => r.status === "scored" && r.score !== null);
  const s = (r: ForecastRecord) => r.score!;
  const withRange = scored.filter((r) => r.range !== null && s(r).insideRange !== null);
  const withMeanCi = scored.filter((r) => r.meanInterval !== null && s(r).insideMeanInterval !== null);
  const sided = scored.filter((r) => s(r).directionRight !== null && s(r).baselineDirectionRight !== null);
  const withBaseline = scored.filter((r) => r.baselineMean !== null);
  const predicted = withBaseline.filter((r) => r.mean !== null);
  const briered = scored.filter((r) => s(r).brier !== null && s(r).baselineBrier !== null);
  const vol = scored.filter((r) => r.dispersion !== null && r.dispersion > 0 && (s(r).realisedVolatility ?? 0) > 0 && (s(r).trailingVolatility ?? 0) > 0);
  const logError = (forecast: number, r: ForecastRecord) => Math.abs(Math.log(forecast / s(r).realisedVolatility!));
  return {
    source: first.source,
    route: first.route,
    horizon: first.horizon,
    horizonUnit: first.horizonUnit,
    series: new Set(rows.map((r) => r.series)).size,
    logged: rows.length,
    pending: counted.filter((r) => r.status === "pending").length,
    void: counted.filter((r) => r.status === "void").length,
    retrospective: rows.length - counted.length,
    scored: scored.length,
    rangeCoverage: { ...proportion(withRange.map((r) => s(r).insideRange!)), nominal: nominalOf(withRange.map((r) => r.range!.level)) },
    meanIntervalCoverage: { ...proportion(withMeanCi.map((r) => s(r).insideMeanInterval!)), nominal: nominalOf(withMeanCi.map((r) => r.meanInterval!.level)) },
    hitRate: proportion(sided.map((r) => s(r).directionRight!)),
    baselineHitRate: proportion(sided.map((r) => s(r).baselineDirectionRight!)),
    realisedExcess: meanFigure(withBaseline.map((r) => s(r).realised - r.baselineMean!)),
    predictedExcess: meanFigure(predicted.map((r) => r.mean! - r.baselineMean!)),
    directionalExcess: meanFigure(predicted.filter((r) => r.mean !== r.baselineMean).map((r) => Math.sign(r.mean! - r.baselineMean!) * (s(r).realised - r.baselineMean!))),
    brier: {
      n: briered.length,
      forecast: briered.length === 0 ? null : mean(briered.map((r) => s(r).brier!)),
      baseline: briered.length === 0 ? null : mean(briered.map((r) => s(r).baselineBrier!)),
    },
    calibration: calibration(scored.filter((r) => present(r.probabilityUp)).map((r) => ({ p: r.probabilityUp!, outcome: s(r).realised > 0 ? 1 : 0 }))),
    volatility: {
      n: vol.length,
      analogsLogError: vol.length === 0 ? null : mean(vol.map((r) => logError(r.dispersion!, r))),
      trailingLogError: vol.length === 0 ? null : mean(vol.map((r) => logError(s(r).trailingVolatility!, r))),
      analogsCloser: proportion(vol.map((r) => logError(r.dispersion!, r) < logError(s(r).trailingVolatility!, r))),
    },
  };
}

/** The record: rows grouped by source, route, horizon and its unit, in that order. */
export function trackRecord(rows: readonly ForecastRecord[]): RecordGroup[] {
  const groups = new Map<string, ForecastRecord[]>();
  for (const r of rows) {
    const key = `${r.source}|${r.route}|${r.horizon}|${r.horizonUnit}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [r]);
    else group.push(r);
  }
  return [...groups.values()]
    .map(recordGroup)
    .sort((a, b) => (a.source !== b.source ? (a.source < b.source ? -1 : 1) : a.route !== b.route ? (a.route < b.route ? -1 : 1) : a.horizon - b.horizon));
}
