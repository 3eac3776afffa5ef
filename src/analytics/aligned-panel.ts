import { returnBetween } from "../core/returns.js";
import { lowerBound, MAX_CLOSURE_MS, upperBound } from "./price-series.js";
import { DAY_MS } from "../domain/bar.js";
import { mapToFloat64 } from "../core/typed-arrays.js";

/** The two columns alignment needs; a PriceSeries qualifies. */
export interface TimedCloses {
  timesMs: Float64Array;
  closes: Float64Array;
}

/**
 * Several series on the dates they all share inside a window. Returns are taken between consecutive shared
 * dates; a step longer than a normal market closure (a data hole in one of the series) is not a daily
 * return and is left out, counted in `skippedSteps`.
 */
export interface AlignedPanel {
  /** Shared dates inside the window, ascending. */
  timesMs: Float64Array;
  /** Per series, its closes on `timesMs`. */
  closes: Float64Array[];
  /** Indices j of `timesMs` such that the step j-1 -> j is a return observation. */
  stepEnds: Int32Array;
  skippedSteps: number;
}

/** Dates present in every series (ascending). */
export function commonTimes(series: readonly TimedCloses[]): Float64Array {
  return sharedDates(series, -Infinity, Infinity).timesMs;
}

interface SharedDates {
  timesMs: Float64Array;
  /** Per series, the index of each shared date in that series. */
  indices: Int32Array[];
}

/**
 * The dates every series has within [fromMs, toMs], with where each series holds them. Price series are
 * strictly ascending in time, so this is a merge (each series' range found by binary search, then walked
 * once): linear, without the hash sets that made a whole-history alignment cost milliseconds on the event
 * loop. A series that is not strictly ascending takes the general path, with the same result.
 */
function sharedDates(series: readonly TimedCloses[], fromMs: number, toMs: number): SharedDates {
  if (series.length === 0) return { timesMs: new Float64Array(0), indices: [] };
  if (!series.every((s) => strictlyAscending(s.timesMs))) return sharedDatesUnordered(series, fromMs, toMs);
  const ends = series.map((s) => upperBound(s.timesMs, toMs));
  const cursors = series.map((s) => lowerBound(s.timesMs, fromMs));
  const times: number[] = [];
  const indices: number[][] = series.map(() => []);
  const [lead, ...others] = series;
  walk: for (let i = cursors[0]; i < ends[0]; i++) {
    const t = lead.timesMs[i];
    for (let s = 1; s < series.length; s++) {
      const own = others[s - 1].timesMs;
      let c = cursors[s];
      while (c < ends[s] && own[c] < t) c++;
      cursors[s] = c;
      if (c === ends[s]) break walk;
      if (own[c] !== t) continue walk;
    }
    times.push(t);
    indices[0].push(i);
    for (let s = 1; s < series.length; s++) indices[s].push(cursors[s]);
  }
  return { timesMs: Float64Array.from(times), indices: indices.map((list) => Int32Array.from(list)) };
}

function sharedDatesUnordered(series: readonly TimedCloses[], fromMs: number, toMs: number): SharedDates {
  let shared = new Set<number>(series[0].timesMs);
  for (const s of series.slice(1)) {
    const next = new Set<number>();
    for (const t of s.timesMs) if (shared.has(t)) next.add(t);
    shared = next;
  }
  const timesMs = Float64Array.from(shared)
    .sort()
    .filter((t) => t >= fromMs && t <= toMs);
  const indices = series.map((s) => {
    const index = new Map<number, number>();
    s.timesMs.forEach((t, i) => index.set(t, i));
    return Int32Array.from(timesMs, (t) => index.get(t) as number);
  });
  return { timesMs, indices };
}

function strictlyAscending(timesMs: Float64Array): boolean {
  for (let i = 1; i < timesMs.length; i++) if (!(timesMs[i] > timesMs[i - 1])) return false;
  return timesMs.length === 0 || !Number.isNaN(timesMs[0]);
}

/** Fraction of `timesMs` on which the series has a bar (how well a series covers another's calendar). */
export function coverage(series: TimedCloses, timesMs: Float64Array): number {
  if (timesMs.length === 0) return 0;
  const own = new Set<number>(series.timesMs);
  let hits = 0;
  for (const t of timesMs) if (own.has(t)) hits += 1;
  return hits / timesMs.length;
}

/** The series on their shared dates within [fromMs, toMs] (both inclusive). */
export function alignPanel(series: readonly TimedCloses[], fromMs: number, toMs: number): AlignedPanel {
  const { timesMs, indices } = sharedDates(series, fromMs, toMs);
  const closes = series.map((s, k) => mapToFloat64(indices[k]!, (i) => s.closes[i]));
  const limitMs = MAX_CLOSURE_MS + DAY_MS;
  const ends: number[] = [];
  let skippedSteps = 0;
  for (let j = 1; j < timesMs.length; j++) {
    if (timesMs[j] - timesMs[j - 1] > limitMs) skippedSteps += 1;
    else ends.push(j);
  }
  return { timesMs, closes, stepEnds: Int32Array.from(ends), skippedSteps };
}

/** Simple returns closes[j] / closes[j-1] - 1 over the panel's steps. */
export function stepReturns(closes: Float64Array, stepEnds: Int32Array): Float64Array {
  return mapToFloat64(stepEnds, (j) => returnBetween(closes, j - 1, j));
}

/** True when every close of the column is a finite positive price (simple returns are defined). */
export function allPositive(closes: Float64Array): boolean {
  for (const c of closes) if (!(c > 0) || !Number.isFinite(c)) return false;
  return true;
}
