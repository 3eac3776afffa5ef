/**
 * Naive, literal re-computations of the forecast figures straight from the CSV files, for the route tests.
 * Nothing here calls production code: plain loops, sorting, and the definitions as the OpenAPI text states them.
 */
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { NaiveEvidence } from "../reference/naive-evidence.js";
import { naiveSearch } from "../reference/naive-search.js";
import { DAILY_DATASET_DIR } from "../support/shared-paths.js";

export const DAY = 86_400_000;

export interface Dataset {
  dates: string[];
  times: number[];
  closes: Float64Array;
  /** 1 when more than 5 days separate a bar from the one before (a closure longer than a long weekend). */
  breakBefore: Uint8Array;
}

export function readDataset(file: string): Dataset {
  const rows = fs.readFileSync(path.join(DAILY_DATASET_DIR, file), "utf8").trim().split("\n").slice(1).map((l) => l.split(","));
  const dates = rows.map((r) => r[0]);
  const times = dates.map((d) => Date.parse(`${d}T00:00:00Z`));
  const closes = Float64Array.from(rows.map((r) => Number(r[4])));
  const breakBefore = Uint8Array.from(times.map((t, i) => (i > 0 && t - times[i - 1] > 5 * DAY ? 1 : 0)));
  return { dates, times, closes, breakBefore };
}

/** Sorted-copy percentile with linear interpolation between closest ranks (type 7). */
export function naivePercentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const h = ((s.length - 1) * p) / 100;
  const lo = Math.floor(h);
  return lo + 1 < s.length ? s[lo] + (h - lo) * (s[lo + 1] - s[lo]) : s[lo];
}

export function naiveStats(values: number[]) {
  const n = values.length;
  if (n === 0) return { n, mean: null, std: null, hit_rate: null, p10: null, p25: null, p50: null, p75: null, p90: null, min: null, max: null };
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const std = n < 2 ? null : Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1));
  const p = (q: number) => naivePercentile(values, q);
  return {
    n,
    mean,
    std,
    hit_rate: values.filter((v) => v > 0).length / n,
    p10: p(10),
    p25: p(25),
    p50: p(50),
    p75: p(75),
    p90: p(90),
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

/** Compares a stats object from a response with the oracle's, number by number. */
export function expectStatsClose(actual: Record<string, unknown>, expected: Record<string, number | null>, expectFn: (v: unknown) => any) {
  for (const [key, value] of Object.entries(expected)) {
    if (value === null) expectFn(actual[key]).toBeNull();
    else if (key === "n") expectFn(actual[key]).toBe(value);
    else expectFn(actual[key]).toBeCloseTo(value, 10);
  }
}

/**
 * Outcome of an analog ending at bar e over `days` calendar days, by a linear walk: the last bar at or
 * before the horizon, if history reaches the horizon, that bar is after e and at most 4 days before the horizon.
 */
export function naiveOutcome(ds: Dataset, e: number, days: number): { status: string; ret: number | null; j: number | null } {
  const horizon = ds.times[e] + days * DAY;
  if (ds.times[ds.times.length - 1] < horizon) return { status: "beyond_history", ret: null, j: null };
  let j = e;
  while (ds.times[j + 1] <= horizon) j += 1;
  if (j === e || horizon - ds.times[j] > 4 * DAY) return { status: "no_close_at_horizon", ret: null, j: null };
  return { status: "counted", ret: ds.closes[j] / ds.closes[e] - 1, j };
}

/**
 * Largest number of [start, end] spans sharing no return (touching allowed): by trying every subset up to 16
 * spans; beyond that by the textbook earliest-end greedy.
 */
export function bruteForceIndependent(spans: [number, number][]): number {
  if (spans.length > 16) {
    let count = 0;
    let lastEnd = -Infinity;
    for (const [a, b] of [...spans].sort((x, y) => x[1] - y[1])) {
      if (a >= lastEnd) {
        count += 1;
        lastEnd = b;
      }
    }
    return count;
  }
  let best = 0;
  for (let mask = 0; mask < 1 << spans.length; mask++) {
    const chosen = spans.filter((_, i) => mask & (1 << i));
    const ok = chosen.every((a, i) => chosen.every((b, j) => i === j || a[1] <= b[0] || b[1] <= a[0]));
    if (ok) best = Math.max(best, chosen.length);
  }
  return best;
}

export interface NaiveForecast {
  starts: number[];
  horizons: { days: number; outcomes: { status: string; ret: number | null }[]; counted: number[]; nIndependent: number; independent: number[] }[];
}

/**
 * The forward distribution as the documentation states it: the naive search's k closest analogs (no wrap;
 * causal = only windows ending by the query start), outcomes per horizon, and "overlaps_query" for an analog
 * before the query whose horizon close lies after the query's first bar.
 */
export function naiveForecast(ds: Dataset, queryStart: number, m: number, k: number, horizons: number[], causal: boolean): NaiveForecast {
  const matches = naiveSearch({ values: ds.closes, breakBefore: ds.breakBefore }, ds.closes.slice(queryStart, queryStart + m), {
    k,
    metric: "l2",
    excludeRange: [queryStart, queryStart + m],
    endBefore: causal ? queryStart : undefined,
    wrap: false,
  });
  const starts = matches.map((x) => x.start);
  return {
    starts,
    horizons: horizons.map((days) => {
      const raw = starts.map((s) => {
        const o = naiveOutcome(ds, s + m - 1, days);
        const overlaps = o.j !== null && s + m - 1 < queryStart && o.j > queryStart;
        return { ...o, status: overlaps ? "overlaps_query" : o.status, start: s };
      });
      const kept = raw.filter((o) => o.status === "counted");
      const spans = kept.map((o) => [o.start, o.j!] as [number, number]);
      const independent = naiveIndependentValues(kept.map((o) => ({ span: [o.start, o.j!] as [number, number], value: o.ret! })));
      return { days, outcomes: raw, counted: kept.map((o) => o.ret!), nIndependent: bruteForceIndependent(spans), independent };
    }),
  };
}

/**
 * The independent outcomes as documented: spans [start, end] sorted by end (then start), kept greedily when
 * a span starts at or after the last kept one's end; the kept values in that order.
 */
export function naiveIndependentValues<T>(items: { span: [number, number]; value: T }[]): T[] {
  const sorted = [...items].sort((a, b) => a.span[1] - b.span[1] || a.span[0] - b.span[0]);
  const kept: T[] = [];
  let lastEnd = -Infinity;
  for (const item of sorted) {
    if (item.span[0] >= lastEnd) {
      kept.push(item.value);
      lastEnd = item.span[1];
    }
  }
  return kept;
}

/**
 * The unconditional baseline as documented: from every bar t to the close that stands for `days` calendar
 * days later (naiveOutcome), counted when that close exists, and (causal) only when it is at or before bar
 * `lastClose`. Returns the values, their bar spans [t, horizon close] and the first and last dates counted.
 */
export function naiveBaseline(ds: Dataset, days: number, lastClose = Infinity) {
  const values: number[] = [];
  const spans: [number, number][] = [];
  const dates: string[] = [];
  for (let t = 0; t < ds.closes.length; t++) {
    const o = naiveOutcome(ds, t, days);
    if (o.status !== "counted" || o.j! > lastClose) continue;
    values.push(o.ret!);
    spans.push([t, o.j!]);
    dates.push(ds.dates[t]);
  }
  return { values, spans, mean: values.reduce((s, v) => s + v, 0) / values.length, first: dates[0], last: dates.at(-1) };
}

/**
 * A response's evidence fields (evidenceWire) against the oracle's figures (test/reference/naive-evidence.ts):
 * the quantiles there come from numerical integration, so intervals agree to about 1e-6.
 */
export function expectEvidenceMatches(wire: Record<string, any>, e: NaiveEvidence, expectFn: (v: unknown, where?: string) => any) {
  expectFn(wire.mean_ci.mean).toBeCloseTo(e.mean, 12);
  expectFn(wire.mean_ci.design_effect).toBeCloseTo(e.designEffect, 9);
  expectFn(wire.baseline.mean).toBeCloseTo(e.baseline.mean, 12);
  expectFn(wire.baseline.n_effective).toBe(e.baseline.nEffective);
  expectFn(wire.baseline.mean_se).toBeCloseTo(e.baseline.meanSe, 12);
  expectFn(wire.baseline.skewness).toBeCloseTo(e.baseline.skewness, 9);
  if (e.interval === null) {
    expectFn(wire.mean_ci.low).toBeNull();
    expectFn(wire.mean_ci.withheld).toEqual(expect.any(String));
  } else {
    expectFn(wire.mean_ci.low).toBeCloseTo(e.interval.low, 6);
    expectFn(wire.mean_ci.high).toBeCloseTo(e.interval.high, 6);
    expectFn(wire.excess_over_baseline.low).toBeCloseTo(e.excessInterval!.low, 6);
    expectFn(wire.excess_over_baseline.high).toBeCloseTo(e.excessInterval!.high, 6);
  }
  expectFn(wire.excess_over_baseline.mean).toBeCloseTo(e.excess, 12);
  expectFn(wire.excess_over_baseline.t_stat).toBeCloseTo(e.t, 9);
  expectFn(wire.excess_over_baseline.df).toBeCloseTo(e.df, 6);
  expectFn(wire.excess_over_baseline.p_value).toBeCloseTo(e.p, 6);
}
