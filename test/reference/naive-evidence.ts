/**
 * The evidence figures of a forecast-like answer written out from their documented definitions, for tests
 * (docs/statistics.md, contracts/evidence-schemas.ts). Nothing here calls production code: the t quantiles and
 * p-values come from the numerically integrated density (naive-student-t.ts), Hall's transformation is inverted
 * by bisection rather than in closed form, and the effective size by sorting spans.
 */
import { naiveStudentTCdf, naiveStudentTQuantile } from "./naive-student-t.js";

const LEVEL = 0.9;
const MIN_N = 5;
const MAX_SKEW_OVER_ROOT_N = 1.5;

const meanOf = (xs: number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;
const stdOf = (xs: number[]) => {
  const m = meanOf(xs);
  return Math.sqrt(xs.reduce((s, v) => s + (v - m) ** 2, 0) / (xs.length - 1));
};
/** Moment skewness m3 / m2^1.5 (dividing by n). */
export function naiveSkewness(xs: number[]): number {
  const m = meanOf(xs);
  const m2 = xs.reduce((s, v) => s + (v - m) ** 2, 0) / xs.length;
  const m3 = xs.reduce((s, v) => s + (v - m) ** 3, 0) / xs.length;
  return m2 === 0 ? 0 : m3 / m2 ** 1.5;
}

/** The most spans [start, end] that share no day (touching allowed), by earliest end. */
export function naiveEffectiveSize(spans: [number, number][]): number {
  let count = 0;
  let lastEnd = -Infinity;
  for (const [a, b] of [...spans].sort((x, y) => x[1] - y[1] || x[0] - y[0])) {
    if (a >= lastEnd) {
      count += 1;
      lastEnd = b;
    }
  }
  return count;
}

/** The 90% interval of a mean: T = (mean - mu) / se solves g(T) = ±q with g(T) = T + a(1 + 2T²) + (4/3)a²T³, a = γ / (6√n). */
export function naiveMeanInterval(mean: number, std: number, n: number, skewness: number) {
  const q = naiveStudentTQuantile((1 + LEVEL) / 2, n - 1);
  const a = skewness / (6 * Math.sqrt(n));
  const g = (t: number) => t + a * (1 + 2 * t * t) + (4 / 3) * a * a * t ** 3;
  const solve = (y: number) => {
    let lo = -1e4;
    let hi = 1e4;
    for (let i = 0; i < 200; i++) {
      const mid = (lo + hi) / 2;
      if (g(mid) < y) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  };
  const se = std / Math.sqrt(n);
  return { low: mean - solve(q) * se, high: mean - solve(-q) * se };
}

export interface NaiveEvidence {
  designEffect: number;
  mean: number;
  std: number;
  interval: { low: number; high: number } | null;
  baseline: { mean: number; nEffective: number; meanSe: number; skewness: number };
  excess: number;
  excessInterval: { low: number; high: number } | null;
  t: number;
  df: number;
  p: number;
}

/**
 * independent: the analogs' independent outcomes; baseline: every overlapping outcome of the series with its
 * bar span; designEffect: the selection's design effect (1 for outcomes not chosen by their match). The interval is
 * withheld below 5 outcomes and when |skewness| / √n > 1.5; the excess interval joins
 * the two intervals side by side (MOVER); t has Welch-Satterthwaite degrees of freedom.
 */
export function naiveEvidence(independent: number[], baseline: { values: number[]; spans: [number, number][] }, designEffect = 1): NaiveEvidence {
  const n = independent.length;
  const mean = meanOf(independent);
  const std = stdOf(independent);
  const bMean = meanOf(baseline.values);
  const bStd = stdOf(baseline.values);
  const skew = naiveSkewness(baseline.values);
  const nEff = naiveEffectiveSize(baseline.spans);
  const se = bStd / Math.sqrt(nEff);
  const plain = n < MIN_N || Math.abs(skew) / Math.sqrt(n) > MAX_SKEW_OVER_ROOT_N ? null : naiveMeanInterval(mean, std, n, skew);
  // A best-match selection's design effect D widens each side by √D and the analogs' variance by D.
  const widen = Math.sqrt(designEffect);
  const interval = plain === null ? null : { low: mean - widen * (mean - plain.low), high: mean + widen * (plain.high - mean) };
  const bInterval = naiveMeanInterval(bMean, bStd, nEff, skew);
  const excess = mean - bMean;
  const excessInterval =
    interval === null
      ? null
      : {
          low: excess - Math.sqrt((mean - interval.low) ** 2 + (bInterval.high - bMean) ** 2),
          high: excess + Math.sqrt((interval.high - mean) ** 2 + (bMean - bInterval.low) ** 2),
        };
  const a = (designEffect * std ** 2) / n;
  const b = se ** 2;
  const t = excess / Math.sqrt(a + b);
  const df = (a + b) ** 2 / (a ** 2 / (n - 1) + b ** 2 / (nEff - 1));
  const p = 2 * (1 - naiveStudentTCdf(Math.abs(t), df));
  return { designEffect, mean, std, interval, baseline: { mean: bMean, nEffective: nEff, meanSe: se, skewness: skew }, excess, excessInterval, t, df, p };
}

/** Holm's step-down adjustment of p-values (order kept). */
export function naiveHolm(ps: number[]): number[] {
  const order = ps.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p);
  const out = new Array<number>(ps.length);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (ps.length - rank) * p));
    out[i] = running;
  });
  return out;
}
