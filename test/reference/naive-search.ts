/**
 * The test oracle for src/core's window search: deliberately naive and literal, never shipped.
 *
 * Pass 1 cuts every window out explicitly (splicing end and start for wrapped windows), decides its
 * eligibility from the product rules one by one, z-normalises it with a careful two-pass mean/std and
 * measures the distance directly. Pass 2 sorts all scored windows by (distance, series, start) and walks
 * them greedily, marking the index positions each pick occupies; a window touching an occupied position
 * (or the caller's excluded range, which starts out occupied) is skipped.
 *
 * Constant-window policy, as in core: a window whose values are all equal z-normalises to the zero vector.
 * Both constant -> 0; exactly one constant -> L2 distance sqrt(m) exactly, L1 distance sum |other|.
 */

export interface NaiveSeries {
  values: Float64Array;
  breakBefore?: Uint8Array;
}

export interface NaiveOptions {
  k: number;
  metric: "l1" | "l2";
  excludeRange?: [number, number];
  endBefore?: number;
  wrap?: boolean;
}

export interface NaiveMatch {
  start: number;
  distance: number;
  wrapped: boolean;
  seriesIndex: number;
}

interface Scored {
  seriesIndex: number;
  start: number;
  distance: number;
  wrapped: boolean;
}

/**
 * Two-pass z-normalisation of `window` into `out`; returns false (and leaves `out` alone) for a constant
 * window (all values equal), which the policy treats as the zero vector.
 */
export function naiveZNormalizeInto(window: Float64Array, out: Float64Array): boolean {
  const m = window.length;
  let constant = true;
  for (let j = 1; j < m; j++) if (window[j] !== window[0]) constant = false;
  if (constant) return false;
  let sum = 0;
  for (let j = 0; j < m; j++) sum += window[j];
  let mean = sum / m;
  // Second pass corrects the rounding of the first mean (matters for prices like 1e5 with tiny moves).
  let correction = 0;
  for (let j = 0; j < m; j++) correction += window[j] - mean;
  mean += correction / m;
  let squares = 0;
  for (let j = 0; j < m; j++) {
    const d = window[j] - mean;
    squares += d * d;
  }
  const std = Math.sqrt(squares / m);
  for (let j = 0; j < m; j++) out[j] = (window[j] - mean) / std;
  return true;
}

/** Allocating form of naiveZNormalizeInto: null for a constant window. */
export function naiveZNormalize(window: Float64Array): Float64Array | null {
  const out = new Float64Array(window.length);
  return naiveZNormalizeInto(window, out) ? out : null;
}

/** Direct distance between two z-normalised vectors (null = constant = zero vector). */
export function naiveDistance(a: Float64Array | null, b: Float64Array | null, m: number, metric: "l1" | "l2"): number {
  if (a === null && b === null) return 0;
  if (metric === "l2" && (a === null || b === null)) return Math.sqrt(m);
  let total = 0;
  for (let j = 0; j < m; j++) {
    const diff = (a === null ? 0 : a[j]) - (b === null ? 0 : b[j]);
    total += metric === "l2" ? diff * diff : Math.abs(diff);
  }
  return metric === "l2" ? Math.sqrt(total) : total;
}

function windowIndices(n: number, start: number, m: number): number[] {
  const indices: number[] = [];
  for (let j = 0; j < m; j++) indices.push((start + j) % n);
  return indices;
}

/** Eligibility straight from the product rules, position by position. */
function isEligible(series: NaiveSeries, start: number, m: number, options: NaiveOptions): boolean {
  const { values, breakBefore } = series;
  const n = values.length;
  // Causal search: the window must end by endBefore; a wrapped window holds the last bar, so never.
  if (options.endBefore !== undefined && (start + m > options.endBefore || start + m > n)) return false;
  for (let j = 0; j < m; j++) {
    const i = (start + j) % n;
    if (!Number.isFinite(values[i])) return false;
    // A break before position i cuts the window when i is any position after its first one. Position 0
    // inside a wrapped window is the splice itself, which wrap explicitly admits.
    if (j > 0 && i !== 0 && breakBefore !== undefined && breakBefore[i] === 1) return false;
  }
  return true;
}

function scoreSeries(
  series: NaiveSeries,
  seriesIndex: number,
  queryZ: Float64Array | null,
  m: number,
  options: NaiveOptions,
): Scored[] {
  const { values } = series;
  const n = values.length;
  const scored: Scored[] = [];
  if (m > n) return scored;
  const window = new Float64Array(m);
  const windowZ = new Float64Array(m);
  const lastStart = options.wrap ? n - 1 : n - m;
  for (let start = 0; start <= lastStart; start++) {
    if (!isEligible(series, start, m, options)) continue;
    for (let j = 0; j < m; j++) window[j] = values[(start + j) % n];
    const z = naiveZNormalizeInto(window, windowZ) ? windowZ : null;
    const distance = naiveDistance(queryZ, z, m, options.metric);
    scored.push({ seriesIndex, start, distance, wrapped: start + m > n });
  }
  return scored;
}

function greedyPick(all: Scored[], series: NaiveSeries[], m: number, k: number, excludeRanges: ([number, number] | undefined)[]): NaiveMatch[] {
  all.sort((a, b) => a.distance - b.distance || a.seriesIndex - b.seriesIndex || a.start - b.start);
  const occupied = series.map((s) => new Uint8Array(s.values.length));
  excludeRanges.forEach((range, seriesIndex) => {
    if (range === undefined) return;
    for (let i = range[0]; i < range[1]; i++) occupied[seriesIndex][i] = 1;
  });
  const picks: NaiveMatch[] = [];
  for (const candidate of all) {
    if (picks.length === k) break;
    const taken = occupied[candidate.seriesIndex];
    const indices = windowIndices(taken.length, candidate.start, m);
    if (indices.some((i) => taken[i] === 1)) continue;
    for (const i of indices) taken[i] = 1;
    picks.push({ ...candidate });
  }
  return picks;
}

/** Oracle for one series: every eligible window scored directly, then greedy non-overlapping top-k. */
export function naiveSearch(series: NaiveSeries, query: Float64Array, options: NaiveOptions): NaiveMatch[] {
  return naiveSearchMany([series], query, { ...options, excludeRanges: [options.excludeRange] });
}

/** Oracle for one query over many series; overlap only matters within a series; ties go to the lower series index. */
export function naiveSearchMany(
  series: NaiveSeries[],
  query: Float64Array,
  options: Omit<NaiveOptions, "excludeRange"> & { excludeRanges?: ([number, number] | undefined)[] },
): NaiveMatch[] {
  const m = query.length;
  const queryZ = naiveZNormalize(query);
  const all = series.flatMap((s, i) => scoreSeries(s, i, queryZ, m, options));
  return greedyPick(all, series, m, options.k, options.excludeRanges ?? []);
}

/** Relative distance tolerance used when comparing a fast path with the oracle (absolute below 1e-3). */
export const DISTANCE_TOLERANCE = 1e-9;

/**
 * Compares a fast result with the oracle's: same length, same (series, start, wrapped) at every rank,
 * distances within DISTANCE_TOLERANCE. Returns a description of the first difference, or null.
 */
export function describeMismatch(
  ref: readonly NaiveMatch[],
  comp: readonly { start: number; distance: number; wrapped: boolean; seriesIndex: number }[],
): string | null {
  if (ref.length !== comp.length) return `expected ${ref.length} matches, got ${comp.length}`;
  for (let i = 0; i < ref.length; i++) {
    const r = ref[i];
    const c = comp[i];
    if (r.start !== c.start || r.seriesIndex !== c.seriesIndex || r.wrapped !== c.wrapped) {
      return `rank ${i}: expected series ${r.seriesIndex} start ${r.start}${r.wrapped ? " (wrapped)" : ""} d=${r.distance}, got series ${c.seriesIndex} start ${c.start}${c.wrapped ? " (wrapped)" : ""} d=${c.distance}`;
    }
    const allowed = DISTANCE_TOLERANCE * Math.max(r.distance, 1e-3);
    if (!(Math.abs(r.distance - c.distance) <= allowed)) {
      return `rank ${i} (start ${r.start}): expected distance ${r.distance}, got ${c.distance}`;
    }
  }
  return null;
}
