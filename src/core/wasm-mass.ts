/**
 * The MASS part of a WasmWindowIndex (assembly/mass-kernels.ts): its memory layout, its one-off
 * preparation (chunk spectra of the series) and the per-query scan that hands the collector only the
 * windows that can still be picked.
 *
 * Glossary: n = series length, m = window length, count = n - m + 1 windows, K = chunk (FFT) size,
 * step = K - m + 1, chunks = ceil(count / step), pairs = ceil(chunks / 2) complex transforms of K points.
 *
 * Memory (bytes, inside the index's own wasm memory, freed with it): spectra 16 * pairs * K <= 16 * (count + K)
 * (step >= K / 2 because K >= 2m), fast scores, errors and lower scores 24 * count, twiddles, query
 * spectrum and work area 48 * K, tile minima, chunk norms and the representative set (a few KB). Only
 * series of at most MASS_MAX_WINDOWS = 131,072 windows get MASS, with K <= 16,384 (kernel-choice.ts), so
 * this part of an index never exceeds about 6.3 MB (40 bytes per window plus 64 per point of K); for an
 * 11k-bar daily history at m = 250 (K = 1024) it is about 0.5 MB, for 100k bars (K = 2048) about 4 MB.
 * The index itself is cached per (series, m) by PreparedSeries (3 entries).
 */
import type { CandidateCollector } from "./candidate-collector.js";
import type { PreparedQuery } from "./prepared-query.js";
import { STATS_RELATIVE_ERROR } from "./window-stats.js";

const EPSILON = 2 ** -52;
/** Representative-set capacity the kernel holds; a larger collector capacity (k > 128) skips the in-kernel bound. */
const MAX_MEMBERS = 255;
/** Windows per tile of the in-kernel selection (TILE_BITS in assembly/mass-kernels.ts). */
const SELECT_TILE = 64;

export interface MassExports {
  configureMass(...args: number[]): void;
  prepareMass(): void;
  massQuery(
    from0: number, to0: number, from1: number, to1: number, normSq: number, statsRelativeError: number, rounding: number,
    sumError: number, capacity: number, k: number, bound: number, exact: number,
  ): number;
  massBound(from: number, to: number, cap: number): number;
  massEmit(from: number, to: number, limit: number): number;
  massEmitted(): number;
  configureSelect(...args: number[]): void;
  configureExact(x: number, qz: number, outStart: number, outScore: number, outError: number, m: number): void;
}

export interface MassLayout {
  readonly size: number;
  readonly chunks: number;
  readonly at: Record<"specRe" | "specIm" | "twRe" | "twIm" | "qRe" | "qIm" | "wRe" | "wIm" | "chunkNorm" | "chunkMax" | "score" | "error" | "rStart" | "rUpper" | "key" | "tileMin", number>;
}

/** Reserves the MASS arrays through `take` (bytes -> 16-byte aligned offset). */
export function planMassLayout(take: (bytes: number) => number, m: number, count: number, size: number): MassLayout {
  const step = size - m + 1;
  const chunks = Math.ceil(count / step);
  const pairs = Math.ceil(chunks / 2);
  const at = {
    specRe: take(8 * pairs * size),
    specIm: take(8 * pairs * size),
    twRe: take(8 * size),
    twIm: take(8 * size),
    qRe: take(8 * size),
    qIm: take(8 * size),
    wRe: take(8 * size),
    wIm: take(8 * size),
    chunkNorm: take(8 * chunks),
    chunkMax: take(8 * chunks),
    score: take(8 * count),
    error: take(8 * count),
    rStart: take(4 * MAX_MEMBERS),
    rUpper: take(8 * MAX_MEMBERS),
    key: take(8 * count),
    tileMin: take(8 * Math.ceil(count / SELECT_TILE)),
  };
  return { size, chunks, at };
}

/** Fills the twiddle tables (the same values src/core/fft.ts uses) and builds the series' chunk spectra. */
export function prepareMass(exports: MassExports, buffer: ArrayBuffer, layout: MassLayout): void {
  const { size, at } = layout;
  const twRe = new Float64Array(buffer, at.twRe, size);
  const twIm = new Float64Array(buffer, at.twIm, size);
  // Stage with half-length h: twiddle j < h is e^{-2 pi i j / 2h}, stored at h + j (t = j * stride as fft.ts).
  for (let half = 4; half < size; half <<= 1) {
    const stride = size / (2 * half);
    for (let j = 0; j < half; j++) {
      const angle = (2 * Math.PI * (j * stride)) / size;
      twRe[half + j] = Math.cos(angle);
      twIm[half + j] = -Math.sin(angle);
    }
  }
  exports.prepareMass();
}

export interface MassOutput {
  readonly start: Int32Array;
  readonly score: Float64Array;
  readonly error: Float64Array;
}

/** massQuery's answers besides a pick count (assembly/mass-query.ts). */
const UNCERTAIN = -1;

/**
 * Offers to the collector the windows of the intervals that can still be picked, in index order; qz must
 * already be in the kernel's QZ array. With `certify` (no wrapped windows in the search, k within the
 * output buffer) the greedy selection of this series runs in the kernel where fast scores decide it with
 * certainty, and only its picks are offered: greedy selection never lets windows of different series
 * interact, so this series' share of any multi-series result is a prefix of its own picks. Otherwise,
 * or when a step is uncertain, every window whose lower score is within the kernel's bound is offered.
 * At most two intervals (series-scan.ts admits the windows before and after the excluded range).
 */
export function scanMass(
  exports: MassExports,
  layout: MassLayout,
  output: MassOutput,
  query: PreparedQuery,
  intervals: readonly [number, number][],
  cap: number,
  certify: boolean,
  collector: CandidateCollector,
): void {
  if (intervals.length > 2) throw new RangeError(`MASS scans at most two intervals, got ${intervals.length}`);
  // Rounding of an FFT convolution ~ eps log2(K) |y| |qz|; 8x slack (as mass-kernel.ts).
  const rounding = 8 * EPSILON * Math.log2(layout.size) * Math.sqrt(query.normSq);
  const members = collector.capacity <= MAX_MEMBERS ? collector.capacity : 0;
  const outside = Math.min(cap, collector.limit);
  const [from0, to0] = intervals[0] ?? [0, 0];
  const [from1, to1] = intervals[1] ?? [to0, to0];
  const select = certify && collector.k <= output.start.length ? collector.k : -1;
  // The kernel re-scores its picks exactly, as ExactScorer would, unless the query is constant.
  const exact = !query.constant;
  const picks = exports.massQuery(
    from0, to0, from1, to1, query.normSq, STATS_RELATIVE_ERROR, rounding, query.sumError, members, select, outside, exact ? 1 : 0,
  );
  if (picks > UNCERTAIN) {
    offerPicks(output, picks, exact, collector);
    return;
  }
  let bound = outside;
  for (const [from, to] of intervals) bound = Math.min(bound, exports.massBound(from, to, bound));
  for (const [from, to] of intervals) {
    let s = from;
    while (s < to) {
      s = exports.massEmit(s, to, Math.min(bound, collector.limit));
      const produced = exports.massEmitted();
      for (let i = 0; i < produced; i++) collector.offer(output.start[i], output.score[i], output.error[i]);
    }
  }
}

/** Offers the kernel's certified picks by start, as exact scores where the kernel computed them. */
function offerPicks(output: MassOutput, picks: number, exact: boolean, collector: CandidateCollector): void {
  // Insertion sort by start (at most k picks; distinct starts): no closures or array copies per query.
  const order: number[] = [];
  for (let i = 0; i < picks; i++) {
    let at = order.length;
    while (at > 0 && output.start[order[at - 1]] > output.start[i]) at--;
    order.splice(at, 0, i);
  }
  for (const i of order) {
    if (exact) collector.offerExact(output.start[i], output.score[i]);
    else collector.offer(output.start[i], output.score[i], output.error[i]);
  }
}
