import fs from "node:fs";
import path from "node:path";
import { DAILY_DATASET_DIR } from "../support/shared-paths.js";

/**
 * Independent reference computations for the portfolio tests: the dataset read straight from CSV, plain
 * loops, Gaussian elimination. Nothing here imports production code.
 */

export interface CsvSeries {
  dates: string[];
  closes: number[];
}

export function readCsv(file: string): CsvSeries {
  const rows = fs.readFileSync(path.join(DAILY_DATASET_DIR, file), "utf8").trim().split("\n").slice(1).map((l) => l.split(","));
  const kept = rows.filter((r) => r[4] !== "" && Number.isFinite(Number(r[4])));
  return { dates: kept.map((r) => r[0]), closes: kept.map((r) => Number(r[4])) };
}

/** `YYYY-MM-DD` minus whole months, the day clamped to the target month's length. */
export function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number);
  let year = y;
  let month = m - months;
  while (month < 1) {
    month += 12;
    year -= 1;
  }
  const monthLength = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, monthLength)).padStart(2, "0")}`;
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Shared dates of several series in the `months` before their latest shared date, and the daily returns between them (steps over 5 days skipped). */
export function sharedWindow(series: CsvSeries[], months: number) {
  const maps = series.map((s) => new Map(s.dates.map((d, i) => [d, s.closes[i]])));
  const shared = series[0].dates.filter((d) => maps.every((m) => m.has(d)));
  const end = shared[shared.length - 1];
  const start = monthsBefore(end, months);
  const dates = shared.filter((d) => d >= start && d <= end);
  const returns: number[][] = series.map(() => []);
  const stepDates: string[] = [];
  for (let j = 1; j < dates.length; j++) {
    if (dayNumber(dates[j]) - dayNumber(dates[j - 1]) > 5) continue;
    stepDates.push(dates[j]);
    maps.forEach((m, s) => returns[s].push((m.get(dates[j]) as number) / (m.get(dates[j - 1]) as number) - 1));
  }
  return { dates, returns, stepDates, closesOn: (s: number, d: string) => maps[s].get(d) as number };
}

export function meanOf(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

export function covariance(xs: number[], ys: number[]): number {
  const mx = meanOf(xs);
  const my = meanOf(ys);
  return xs.reduce((sum, x, t) => sum + (x - mx) * (ys[t] - my), 0) / (xs.length - 1);
}

/** Solves A x = b by Gaussian elimination with partial pivoting (A is copied). */
export function solveLinear(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[pivot][c])) pivot = r;
    [m[c], m[pivot]] = [m[pivot], m[c]];
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let sum = m[r][n];
    for (let k = r + 1; k < n; k++) sum -= m[r][k] * x[k];
    x[r] = sum / m[r][r];
  }
  return x;
}

/** OLS with intercept through the normal equations solved naively; returns [intercept, ...betas] and their standard errors. */
export function naiveOls(y: number[], xs: number[][]) {
  const n = y.length;
  const rows = y.map((_, t) => [1, ...xs.map((x) => x[t])]);
  const p = rows[0].length;
  const xtx = Array.from({ length: p }, (_, i) => Array.from({ length: p }, (_, j) => rows.reduce((s, r) => s + r[i] * r[j], 0)));
  const xty = Array.from({ length: p }, (_, i) => rows.reduce((s, r, t) => s + r[i] * y[t], 0));
  const coef = solveLinear(xtx, xty);
  const residuals = rows.map((r, t) => y[t] - r.reduce((s, v, i) => s + v * coef[i], 0));
  const s2 = residuals.reduce((s, e) => s + e * e, 0) / (n - p);
  const inverseDiagonal = Array.from({ length: p }, (_, j) => solveLinear(xtx, Array.from({ length: p }, (_, i) => (i === j ? 1 : 0)))[j]);
  const my = meanOf(y);
  const tss = y.reduce((s, v) => s + (v - my) ** 2, 0);
  return { coef, se: inverseDiagonal.map((d) => Math.sqrt(s2 * d)), rSquared: 1 - residuals.reduce((s, e) => s + e * e, 0) / tss, s2 };
}
