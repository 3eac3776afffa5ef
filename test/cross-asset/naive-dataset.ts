/**
 * Independent, deliberately literal re-computations for the cross-asset tests: the CSV files read
 * directly, dates intersected with Sets, returns and correlations from their textbook formulas.
 */
import fs from "node:fs";
import path from "node:path";
import { DAILY_DATASET_DIR } from "../support/shared-paths.js";

export const DAY = 86_400_000;

export interface CsvSeries {
  dates: string[];
  times: number[];
  closes: number[];
  byDate: Map<string, number>;
}

export function readCsv(file: string, dir = DAILY_DATASET_DIR): CsvSeries {
  const rows = fs.readFileSync(path.join(dir, file), "utf8").trim().split("\n").slice(1).map((l) => l.split(","));
  const dates = rows.map((r) => r[0]);
  const closes = rows.map((r) => Number(r[4]));
  return { dates, times: dates.map((d) => Date.parse(`${d}T00:00:00Z`)), closes, byDate: new Map(dates.map((d, i) => [d, closes[i]])) };
}

/** Dates every series has, ascending (string order is date order for YYYY-MM-DD). */
export function commonDates(series: CsvSeries[], before = "9999-12-31"): string[] {
  return series[0].dates.filter((d) => d < before && series.every((s) => s.byDate.has(d)));
}

/**
 * What `s` did from its last close on or before `anchor` to its last close on or before anchor + days, by
 * a linear scan; null when the anchor close is older than 4 days, no bar exists at or after the horizon,
 * or no new close falls inside it.
 */
export function naiveMove(s: CsvSeries, anchor: string, days: number, kind: "return" | "change" = "return"): number | null {
  const a = Date.parse(`${anchor}T00:00:00Z`);
  const h = a + days * DAY;
  let from = -1;
  let to = -1;
  for (let i = 0; i < s.times.length; i++) {
    if (s.times[i] <= a) from = i;
    if (s.times[i] <= h) to = i;
  }
  if (from < 0 || a - s.times[from] > 4 * DAY) return null;
  if (!(s.times[s.times.length - 1] >= h) || to <= from) return null;
  return kind === "change" ? s.closes[to] - s.closes[from] : s.closes[to] / s.closes[from] - 1;
}

export function naivePearson(x: number[], y: number[]): number {
  const n = x.length;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Type-7 percentile of a small list, by sorting a copy. */
export function naivePercentile(values: number[], p: number): number {
  const v = [...values].sort((a, b) => a - b);
  const h = ((v.length - 1) * p) / 100;
  const lo = Math.floor(h);
  return lo + 1 < v.length ? v[lo] + (h - lo) * (v[lo + 1] - v[lo]) : v[lo];
}

/** Steps between consecutive given dates that are daily returns: the pairs no more than 5 days apart. */
export function dailySteps(dates: string[]): [string, string][] {
  const steps: [string, string][] = [];
  for (let i = 1; i < dates.length; i++) {
    if (Date.parse(`${dates[i]}T00:00:00Z`) - Date.parse(`${dates[i - 1]}T00:00:00Z`) <= 5 * DAY) steps.push([dates[i - 1], dates[i]]);
  }
  return steps;
}

/** Returns over the daily steps of the given dates, per series. */
export function returnsOn(series: CsvSeries[], dates: string[]): number[][] {
  return series.map((s) => dailySteps(dates).map(([a, b]) => s.byDate.get(b)! / s.byDate.get(a)! - 1));
}
