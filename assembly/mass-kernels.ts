import { configureFft, forward, inverse } from "./fft";

/**
 * Piecewise MASS in WebAssembly SIMD: the L2 path for series too short (in windows per match) for the
 * segment bound of search-kernels.ts to prune. Every window then needs its dot product with the query, and
 * an FFT gives all of them in O(log K) work each instead of O(m). Driven by src/core/wasm-kernels.ts
 * (WasmWindowIndex), which owns the memory layout; the pure-JS twin is src/core/mass-kernel.ts and the same
 * rounding model applies (same butterflies in the same order, twiddles computed by JavaScript).
 *
 * Glossary: x = series values, n = their count, m = window length, K = chunk (transform) size, a power of
 * two >= 8, step = K - m + 1 window starts per chunk, chunk c = x[c*step, c*step + K) centred on its own
 * mean, pair p = chunks 2p (real part) and 2p+1 (imaginary part) in one complex transform, qz = z-normalised
 * query, R = the representative set of candidate-collector.ts.
 *
 * Per query: one forward transform of reversed qz (1/K folded in), then per pair one pointwise product and
 * one inverse, whose real / imaginary outputs at m-1+t are the dots of windows c*step + t of its two chunks.
 * Fast scores and error bounds go to SCORE / ERROR (the formulas of l2-scores.ts), lower scores to KEY.
 *
 * Then the greedy selection runs here too, wherever fast scores decide it with certainty (massSelect):
 * with few places per match nearly every window is a candidate, and handing thousands of them to the
 * JavaScript collector and selection cost more than the transforms. Only the k picks go back, and
 * JavaScript re-scores them exactly. Where a step is uncertain (near or exact ties, or the caller cannot
 * use per-series picks), massBound runs the collector's online k-member rule over the scores instead and
 * massEmit hands over every window within that bound, as the segment-bound kernels do.
 *
 * Transforms (fft.ts): radix-2, decimation in frequency forward (natural in, bit-reversed out), decimation in time
 * inverse (bit-reversed in, natural out, unscaled), the two short stages fused into a scalar radix-4 pass;
 * the other stages run two butterflies per f64x2 on split real / imaginary arrays. Twiddles of the stage
 * with half-length h sit at TW[h + j], j < h (cos, and -sin for the forward direction).
 */

let X: usize = 0;
let KIND: usize = 0;
let INV: usize = 0;
let SPEC_RE: usize = 0;
let SPEC_IM: usize = 0;
let Q_RE: usize = 0;
let Q_IM: usize = 0;
let W_RE: usize = 0;
let W_IM: usize = 0;
let QZ: usize = 0;
let CHUNK_NORM: usize = 0;
let CHUNK_MAX: usize = 0;
let SCORE: usize = 0;
let ERROR: usize = 0;
let R_START: usize = 0;
let R_UPPER: usize = 0;
let OUT_START: usize = 0;
let OUT_SCORE: usize = 0;
let OUT_ERROR: usize = 0;
/** Lower scores per window, read and consumed by the selection (mass-select.ts). */
let KEY: usize = 0;
let n: i32 = 0;
let m: i32 = 0;
let size: i32 = 0;
let step: i32 = 0;
let chunkCount: i32 = 0;
let outCapacity: i32 = 0;

// Per query.
let normSq: f64 = 0;
let statsFactor: f64 = 0;
let roundingPerNorm: f64 = 0;
let sumError: f64 = 0;

// The representative set, per query (massBegin resets it).
let repCapacity: i32 = 0;
let repCount: i32 = 0;
let latest: i32 = -1;
let repLimit: f64 = Infinity;

let emitted: i32 = 0;

const NORMAL: u8 = 0;
const CONSTANT: u8 = 1;

export function configureMass(
  x: usize, kind: usize, inv: usize, specRe: usize, specIm: usize, twRe: usize, twIm: usize, qRe: usize,
  qIm: usize, wRe: usize, wIm: usize, qz: usize, chunkNorm: usize, chunkMax: usize, score: usize, error: usize,
  rStart: usize, rUpper: usize, outStart: usize, outScore: usize, outError: usize, key: usize, seriesLength: i32,
  windowLength: i32, chunkSize: i32, chunks: i32, capacity: i32,
): void {
  X = x; KIND = kind; INV = inv; SPEC_RE = specRe; SPEC_IM = specIm;
  configureFft(chunkSize, twRe, twIm);
  Q_RE = qRe; Q_IM = qIm; W_RE = wRe; W_IM = wIm; QZ = qz; CHUNK_NORM = chunkNorm; CHUNK_MAX = chunkMax;
  SCORE = score; ERROR = error; R_START = rStart; R_UPPER = rUpper; OUT_START = outStart;
  OUT_SCORE = outScore; OUT_ERROR = outError; KEY = key;
  n = seriesLength; m = windowLength; size = chunkSize; step = chunkSize - windowLength + 1;
  chunkCount = chunks; outCapacity = capacity;
}

/** Centres each chunk on its finite values' mean (non-finite and padding -> 0), then transforms each pair. */
export function prepareMass(): void {
  for (let c = 0; c < chunkCount; c++) {
    const first = c * step;
    const end = min(first + size, n);
    let sum: f64 = 0;
    let finite = 0;
    for (let i = first; i < end; i++) {
      const v = load<f64>(X + (<usize>i << 3));
      if (v - v == 0) {
        sum += v;
        finite++;
      }
    }
    const centre = finite > 0 ? sum / <f64>finite : 0;
    const target = ((c & 1) == 0 ? SPEC_RE : SPEC_IM) + (<usize>((c >> 1) * size) << 3);
    let squares: f64 = 0;
    let maxAbs: f64 = 0;
    for (let i = first; i < end; i++) {
      const v = load<f64>(X + (<usize>i << 3));
      const y = v - v == 0 ? v - centre : 0;
      store<f64>(target + (<usize>(i - first) << 3), y);
      squares += y * y;
      maxAbs = max(maxAbs, abs(y));
    }
    store<f64>(CHUNK_NORM + (<usize>c << 3), sqrt(squares));
    store<f64>(CHUNK_MAX + (<usize>c << 3), maxAbs);
  }
  const pairs = (chunkCount + 1) >> 1;
  for (let p = 0; p < pairs; p++) {
    const o = <usize>(p * size) << 3;
    forward(SPEC_RE + o, SPEC_IM + o);
  }
}

/** Per query: its spectrum from qz (already in QZ), the score constants, and an empty representative set. */
export function massBegin(querySumSq: f64, statsRelativeError: f64, rounding: f64, querySumError: f64, capacity: i32): void {
  normSq = querySumSq;
  statsFactor = 4 * statsRelativeError;
  roundingPerNorm = rounding;
  sumError = querySumError;
  const invSize = 1.0 / <f64>size;
  memory.fill(Q_RE, 0, <usize>size << 3);
  memory.fill(Q_IM, 0, <usize>size << 3);
  for (let j = 0; j < m; j++) store<f64>(Q_RE + (<usize>j << 3), load<f64>(QZ + (<usize>(m - 1 - j) << 3)) * invSize);
  forward(Q_RE, Q_IM);
  repCapacity = capacity;
  repCount = 0;
  latest = -1;
  repLimit = Infinity;
}

/**
 * Fast scores of window starts [from, to) into SCORE / ERROR and their lower scores into KEY (Infinity
 * for ineligible windows).
 */
export function massScores(from: i32, to: i32): void {
  const firstPair = from / (2 * step);
  const lastPair = (to - 1) / (2 * step);
  const sizeBytes = <usize>size << 3;
  for (let p = firstPair; p <= lastPair; p++) {
    const specRe = SPEC_RE + <usize>p * sizeBytes;
    const specIm = SPEC_IM + <usize>p * sizeBytes;
    for (let k: usize = 0; k < sizeBytes; k += 16) {
      const ar = v128.load(specRe + k);
      const ai = v128.load(specIm + k);
      const br = v128.load(Q_RE + k);
      const bi = v128.load(Q_IM + k);
      v128.store(W_RE + k, f64x2.sub(f64x2.mul(ar, br), f64x2.mul(ai, bi)));
      v128.store(W_IM + k, f64x2.add(f64x2.mul(ar, bi), f64x2.mul(ai, br)));
    }
    inverse(W_RE, W_IM);
    for (let half = 0; half < 2; half++) {
      const c = 2 * p + half;
      if (c >= chunkCount) break;
      const lo = max(from, c * step);
      const hi = min(to, (c + 1) * step);
      if (lo >= hi) continue;
      const source = (half == 0 ? W_RE : W_IM) + (<usize>(m - 1 - c * step) << 3);
      const dotError = roundingPerNorm * load<f64>(CHUNK_NORM + (<usize>c << 3)) + sumError * load<f64>(CHUNK_MAX + (<usize>c << 3));
      scoreRange(source, lo, hi, 2 * dotError);
    }
  }
}

/**
 * As l2-scores.ts: score = |qz|^2 + m - 2 dot r, error = r (4 e_stats |dot| + 2 e_dot); `source` is
 * indexed by start. Two windows per f64x2 where both are normal (the common case).
 */
@inline function scoreRange(source: usize, lo: i32, hi: i32, dotErrorTwice: f64): void {
  const bothV = f64x2.splat(normSq + <f64>m);
  const twoV = f64x2.splat(2);
  const statsV = f64x2.splat(statsFactor);
  const dotErrorV = f64x2.splat(dotErrorTwice);
  let s = lo;
  for (; s + 2 <= hi; s += 2) {
    if (load<u16>(KIND + <usize>s) != 0) {
      scoreOne(source, s, dotErrorTwice);
      scoreOne(source, s + 1, dotErrorTwice);
      continue;
    }
    const o = <usize>s << 3;
    const r = v128.load(INV + o);
    const dot = v128.load(source + o);
    const score = f64x2.sub(bothV, f64x2.mul(f64x2.mul(twoV, dot), r));
    const error = f64x2.mul(r, f64x2.add(f64x2.mul(statsV, f64x2.abs(dot)), dotErrorV));
    v128.store(SCORE + o, score);
    v128.store(ERROR + o, error);
    v128.store(KEY + o, f64x2.sub(score, error));
  }
  if (s < hi) scoreOne(source, s, dotErrorTwice);
}

@inline function scoreOne(source: usize, s: i32, dotErrorTwice: f64): void {
  const o = <usize>s << 3;
  const kind = load<u8>(KIND + <usize>s);
  let score: f64 = Infinity;
  let error: f64 = 0;
  if (kind == NORMAL) {
    const r = load<f64>(INV + o);
    const dot = load<f64>(source + o);
    score = normSq + <f64>m - 2 * dot * r;
    error = r * (statsFactor * abs(dot) + dotErrorTwice);
  } else if (kind == CONSTANT) {
    score = normSq;
  }
  store<f64>(SCORE + o, score);
  store<f64>(ERROR + o, error);
  store<f64>(KEY + o, score - error);
}

/**
 * The online representative-set rule over the scored windows of [from, to), in index order, with `cap`
 * (an outside bound) as the starting limit. Returns the bound so far: min(cap, the set's bound).
 */
export function massBound(from: i32, to: i32, cap: f64): f64 {
  let limit = min(cap, repLimit);
  for (let s = from; s < to; s++) {
    const o = <usize>s << 3;
    const score = load<f64>(SCORE + o);
    const error = load<f64>(ERROR + o);
    // Written so that an ineligible window (score Infinity) never passes, even while limit is Infinity.
    if (!(score - error <= limit) || score == Infinity) continue;
    offer(s, score, error);
    limit = min(cap, repLimit);
  }
  return limit;
}

/**
 * candidate-collector.ts's online rule (its header proves the bound): a window overlapping the latest
 * member replaces it unless certainly no better; otherwise it joins, evicting the worst once full. Ties
 * are not broken by position here, which only keeps a few more windows.
 */
function offer(s: i32, score: f64, error: f64): void {
  // Capacity 0: the caller's k is beyond the set's buffer, so this bound is off (Infinity).
  if (repCapacity == 0) return;
  const upper = score + error;
  if (latest >= 0 && s - load<i32>(R_START + (<usize>latest << 2)) < m) {
    if (score - error < load<f64>(R_UPPER + (<usize>latest << 3))) {
      store<i32>(R_START + (<usize>latest << 2), s);
      store<f64>(R_UPPER + (<usize>latest << 3), upper);
      if (repCount == repCapacity) refreshLimit();
    }
    return;
  }
  if (repCount < repCapacity) {
    latest = repCount++;
    store<i32>(R_START + (<usize>latest << 2), s);
    store<f64>(R_UPPER + (<usize>latest << 3), upper);
    if (repCount == repCapacity) refreshLimit();
    return;
  }
  if (upper >= repLimit) return;
  let worst = 0;
  for (let r = 1; r < repCount; r++) {
    if (load<f64>(R_UPPER + (<usize>r << 3)) > load<f64>(R_UPPER + (<usize>worst << 3))) worst = r;
  }
  store<i32>(R_START + (<usize>worst << 2), s);
  store<f64>(R_UPPER + (<usize>worst << 3), upper);
  latest = worst;
  refreshLimit();
}

function refreshLimit(): void {
  let worst: f64 = -Infinity;
  for (let r = 0; r < repCount; r++) worst = max(worst, load<f64>(R_UPPER + (<usize>r << 3)));
  repLimit = worst;
}

/**
 * Writes the windows of [from, to) whose lower score is within `limit` to the output buffers, in index
 * order, up to the output capacity; returns the next start to look at (to when done).
 */
export function massEmit(from: i32, to: i32, limit: f64): i32 {
  let count = 0;
  let s = from;
  for (; s < to && count < outCapacity; s++) {
    const o = <usize>s << 3;
    const score = load<f64>(SCORE + o);
    const error = load<f64>(ERROR + o);
    if (!(score - error <= limit) || score == Infinity) continue;
    store<i32>(OUT_START + (<usize>count << 2), s);
    store<f64>(OUT_SCORE + (<usize>count << 3), score);
    store<f64>(OUT_ERROR + (<usize>count << 3), error);
    count++;
  }
  emitted = count;
  return s;
}

export function massEmitted(): i32 {
  return emitted;
}


