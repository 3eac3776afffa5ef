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
 * Fast scores and error bounds go to SCORE / ERROR (the formulas of l2-scores.ts). Then, still here, the
 * collector's online k-member rule runs over those scores in index order to find a bound no pick can
 * exceed, and only windows whose lower score is within it are handed to JavaScript: with few places per
 * match that is a few dozen windows instead of thousands of collector calls.
 *
 * Transforms: radix-2, decimation in frequency forward (natural in, bit-reversed out), decimation in time
 * inverse (bit-reversed in, natural out, unscaled), the two short stages fused into a scalar radix-4 pass;
 * the other stages run two butterflies per f64x2 on split real / imaginary arrays. Twiddles of the stage
 * with half-length h sit at TW[h + j], j < h (cos, and -sin for the forward direction).
 */

let X: usize = 0;
let KIND: usize = 0;
let INV: usize = 0;
let SPEC_RE: usize = 0;
let SPEC_IM: usize = 0;
let TW_RE: usize = 0;
let TW_IM: usize = 0;
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

const NORMAL: u8 = 0;
const CONSTANT: u8 = 1;

export function configureMass(
  x: usize, kind: usize, inv: usize, specRe: usize, specIm: usize, twRe: usize, twIm: usize, qRe: usize,
  qIm: usize, wRe: usize, wIm: usize, qz: usize, chunkNorm: usize, chunkMax: usize, score: usize, error: usize,
  rStart: usize, rUpper: usize, outStart: usize, outScore: usize, outError: usize, seriesLength: i32,
  windowLength: i32, chunkSize: i32, chunks: i32, capacity: i32,
): void {
  X = x; KIND = kind; INV = inv; SPEC_RE = specRe; SPEC_IM = specIm; TW_RE = twRe; TW_IM = twIm;
  Q_RE = qRe; Q_IM = qIm; W_RE = wRe; W_IM = wIm; QZ = qz; CHUNK_NORM = chunkNorm; CHUNK_MAX = chunkMax;
  SCORE = score; ERROR = error; R_START = rStart; R_UPPER = rUpper; OUT_START = outStart;
  OUT_SCORE = outScore; OUT_ERROR = outError;
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

/** DFT in place: natural order in, bit-reversed out. */
function forward(re: usize, im: usize): void {
  // Stages of half-length K/2 .. 4; when their number is odd the first runs alone, the rest two at a time.
  let half = size >> 1;
  if (((ctz(size) - 2) & 1) != 0) {
    forwardStage(re, im, half);
    half >>= 1;
  }
  for (; half >= 8; half >>= 2) forwardStagePair(re, im, half >> 1);
  forwardLastTwo(re, im);
}

/** One radix-2 decimation-in-frequency stage of half-length `half` (>= 2): a' = a + b, b' = (a - b) w. */
function forwardStage(re: usize, im: usize, half: i32): void {
  const twRe = TW_RE + (<usize>half << 3);
  const twIm = TW_IM + (<usize>half << 3);
  const halfBytes = <usize>half << 3;
  for (let base = 0; base < size; base += half << 1) {
    const ra = re + (<usize>base << 3);
    const ia = im + (<usize>base << 3);
    for (let j: usize = 0; j < halfBytes; j += 16) {
      const ar = v128.load(ra + j);
      const ai = v128.load(ia + j);
      const br = v128.load(ra + j + halfBytes);
      const bi = v128.load(ia + j + halfBytes);
      const wr = v128.load(twRe + j);
      const wi = v128.load(twIm + j);
      v128.store(ra + j, f64x2.add(ar, br));
      v128.store(ia + j, f64x2.add(ai, bi));
      const dr = f64x2.sub(ar, br);
      const di = f64x2.sub(ai, bi);
      v128.store(ra + j + halfBytes, f64x2.sub(f64x2.mul(dr, wr), f64x2.mul(di, wi)));
      v128.store(ia + j + halfBytes, f64x2.add(f64x2.mul(dr, wi), f64x2.mul(di, wr)));
    }
  }
}

/**
 * The stages of half-length 2q and q (q >= 4) in one pass over memory: the same butterflies and twiddles
 * as forwardStage twice, so the same results, with half the loads and stores. Points x0..x3 = base + j
 * + {0, q, 2q, 3q}: stage 2q pairs (x0, x2) and (x1, x3) with twiddles j and j + q of its table, stage q
 * pairs (x0, x1) and (x2, x3) with twiddle j of its table.
 */
function forwardStagePair(re: usize, im: usize, q: i32): void {
  const aRe = TW_RE + (<usize>(2 * q) << 3);
  const aIm = TW_IM + (<usize>(2 * q) << 3);
  const bRe = TW_RE + (<usize>q << 3);
  const bIm = TW_IM + (<usize>q << 3);
  const qb = <usize>q << 3;
  for (let base = 0; base < size; base += q << 2) {
    const r0 = re + (<usize>base << 3);
    const i0 = im + (<usize>base << 3);
    for (let j: usize = 0; j < qb; j += 16) {
      const x0r = v128.load(r0 + j), x0i = v128.load(i0 + j);
      const x1r = v128.load(r0 + j + qb), x1i = v128.load(i0 + j + qb);
      const x2r = v128.load(r0 + j + 2 * qb), x2i = v128.load(i0 + j + 2 * qb);
      const x3r = v128.load(r0 + j + 3 * qb), x3i = v128.load(i0 + j + 3 * qb);
      // Stage 2q.
      const w0r = v128.load(aRe + j), w0i = v128.load(aIm + j);
      const w1r = v128.load(aRe + j + qb), w1i = v128.load(aIm + j + qb);
      const y0r = f64x2.add(x0r, x2r), y0i = f64x2.add(x0i, x2i);
      const d2r = f64x2.sub(x0r, x2r), d2i = f64x2.sub(x0i, x2i);
      const y2r = f64x2.sub(f64x2.mul(d2r, w0r), f64x2.mul(d2i, w0i));
      const y2i = f64x2.add(f64x2.mul(d2r, w0i), f64x2.mul(d2i, w0r));
      const y1r = f64x2.add(x1r, x3r), y1i = f64x2.add(x1i, x3i);
      const d3r = f64x2.sub(x1r, x3r), d3i = f64x2.sub(x1i, x3i);
      const y3r = f64x2.sub(f64x2.mul(d3r, w1r), f64x2.mul(d3i, w1i));
      const y3i = f64x2.add(f64x2.mul(d3r, w1i), f64x2.mul(d3i, w1r));
      // Stage q.
      const vr = v128.load(bRe + j), vi = v128.load(bIm + j);
      v128.store(r0 + j, f64x2.add(y0r, y1r));
      v128.store(i0 + j, f64x2.add(y0i, y1i));
      const e1r = f64x2.sub(y0r, y1r), e1i = f64x2.sub(y0i, y1i);
      v128.store(r0 + j + qb, f64x2.sub(f64x2.mul(e1r, vr), f64x2.mul(e1i, vi)));
      v128.store(i0 + j + qb, f64x2.add(f64x2.mul(e1r, vi), f64x2.mul(e1i, vr)));
      v128.store(r0 + j + 2 * qb, f64x2.add(y2r, y3r));
      v128.store(i0 + j + 2 * qb, f64x2.add(y2i, y3i));
      const e3r = f64x2.sub(y2r, y3r), e3i = f64x2.sub(y2i, y3i);
      v128.store(r0 + j + 3 * qb, f64x2.sub(f64x2.mul(e3r, vr), f64x2.mul(e3i, vi)));
      v128.store(i0 + j + 3 * qb, f64x2.add(f64x2.mul(e3r, vi), f64x2.mul(e3i, vr)));
    }
  }
}

/** The len = 4 and len = 2 stages fused (twiddles 1 and -i), as src/core/fft.ts. */
function forwardLastTwo(re: usize, im: usize): void {
  for (let a = 0; a < size; a += 4) {
    const o = <usize>a << 3;
    const r0 = load<f64>(re + o), r1 = load<f64>(re + o, 8), r2 = load<f64>(re + o, 16), r3 = load<f64>(re + o, 24);
    const i0 = load<f64>(im + o), i1 = load<f64>(im + o, 8), i2 = load<f64>(im + o, 16), i3 = load<f64>(im + o, 24);
    const s0r = r0 + r2, s0i = i0 + i2, d0r = r0 - r2, d0i = i0 - i2;
    const s1r = r1 + r3, s1i = i1 + i3, d1r = i1 - i3, d1i = r3 - r1;
    store<f64>(re + o, s0r + s1r);
    store<f64>(im + o, s0i + s1i);
    store<f64>(re + o, s0r - s1r, 8);
    store<f64>(im + o, s0i - s1i, 8);
    store<f64>(re + o, d0r + d1r, 16);
    store<f64>(im + o, d0i + d1i, 16);
    store<f64>(re + o, d0r - d1r, 24);
    store<f64>(im + o, d0i - d1i, 24);
  }
}

/** K * IDFT in place: bit-reversed in (as forward leaves it), natural order out. */
function inverse(re: usize, im: usize): void {
  inverseFirstTwo(re, im);
  // Stages of half-length 4 .. K/2, two at a time; when their number is odd the last runs alone.
  let half = 4;
  for (; half * 4 <= size; half <<= 2) inverseStagePair(re, im, half);
  if (half < size) inverseStage(re, im, half);
}

/** The len = 2 and len = 4 stages fused (twiddles 1 and +i), as src/core/fft.ts. */
function inverseFirstTwo(re: usize, im: usize): void {
  for (let a = 0; a < size; a += 4) {
    const o = <usize>a << 3;
    const r0 = load<f64>(re + o), r1 = load<f64>(re + o, 8), r2 = load<f64>(re + o, 16), r3 = load<f64>(re + o, 24);
    const i0 = load<f64>(im + o), i1 = load<f64>(im + o, 8), i2 = load<f64>(im + o, 16), i3 = load<f64>(im + o, 24);
    const s0r = r0 + r1, s0i = i0 + i1, d0r = r0 - r1, d0i = i0 - i1;
    const s1r = r2 + r3, s1i = i2 + i3, d1r = r2 - r3, d1i = i2 - i3;
    store<f64>(re + o, s0r + s1r);
    store<f64>(im + o, s0i + s1i);
    store<f64>(re + o, s0r - s1r, 16);
    store<f64>(im + o, s0i - s1i, 16);
    store<f64>(re + o, d0r - d1i, 8);
    store<f64>(im + o, d0i + d1r, 8);
    store<f64>(re + o, d0r + d1i, 24);
    store<f64>(im + o, d0i - d1r, 24);
  }
}

/** One radix-2 decimation-in-time stage of half-length `half`: t = b w, a' = a + t, b' = a - t (w conjugated). */
function inverseStage(re: usize, im: usize, half: i32): void {
  const twRe = TW_RE + (<usize>half << 3);
  const twIm = TW_IM + (<usize>half << 3);
  const halfBytes = <usize>half << 3;
  for (let base = 0; base < size; base += half << 1) {
    const ra = re + (<usize>base << 3);
    const ia = im + (<usize>base << 3);
    for (let j: usize = 0; j < halfBytes; j += 16) {
      const wr = v128.load(twRe + j);
      // The table holds -sin (forward); the inverse twiddle is its conjugate.
      const wi = f64x2.neg(v128.load(twIm + j));
      const br = v128.load(ra + j + halfBytes);
      const bi = v128.load(ia + j + halfBytes);
      const tr = f64x2.sub(f64x2.mul(br, wr), f64x2.mul(bi, wi));
      const ti = f64x2.add(f64x2.mul(br, wi), f64x2.mul(bi, wr));
      const ar = v128.load(ra + j);
      const ai = v128.load(ia + j);
      v128.store(ra + j, f64x2.add(ar, tr));
      v128.store(ia + j, f64x2.add(ai, ti));
      v128.store(ra + j + halfBytes, f64x2.sub(ar, tr));
      v128.store(ia + j + halfBytes, f64x2.sub(ai, ti));
    }
  }
}

/**
 * The stages of half-length q and 2q (q >= 4) in one pass, as inverseStage twice: stage q pairs (x0, x1)
 * and (x2, x3) with twiddle j of its table, stage 2q pairs (x0, x2) and (x1, x3) with twiddles j, j + q.
 */
function inverseStagePair(re: usize, im: usize, q: i32): void {
  const aRe = TW_RE + (<usize>q << 3);
  const aIm = TW_IM + (<usize>q << 3);
  const bRe = TW_RE + (<usize>(2 * q) << 3);
  const bIm = TW_IM + (<usize>(2 * q) << 3);
  const qb = <usize>q << 3;
  for (let base = 0; base < size; base += q << 2) {
    const r0 = re + (<usize>base << 3);
    const i0 = im + (<usize>base << 3);
    for (let j: usize = 0; j < qb; j += 16) {
      const x0r = v128.load(r0 + j), x0i = v128.load(i0 + j);
      const x1r = v128.load(r0 + j + qb), x1i = v128.load(i0 + j + qb);
      const x2r = v128.load(r0 + j + 2 * qb), x2i = v128.load(i0 + j + 2 * qb);
      const x3r = v128.load(r0 + j + 3 * qb), x3i = v128.load(i0 + j + 3 * qb);
      // Stage q.
      const vr = v128.load(aRe + j), vi = f64x2.neg(v128.load(aIm + j));
      const t1r = f64x2.sub(f64x2.mul(x1r, vr), f64x2.mul(x1i, vi));
      const t1i = f64x2.add(f64x2.mul(x1r, vi), f64x2.mul(x1i, vr));
      const y0r = f64x2.add(x0r, t1r), y0i = f64x2.add(x0i, t1i);
      const y1r = f64x2.sub(x0r, t1r), y1i = f64x2.sub(x0i, t1i);
      const t3r = f64x2.sub(f64x2.mul(x3r, vr), f64x2.mul(x3i, vi));
      const t3i = f64x2.add(f64x2.mul(x3r, vi), f64x2.mul(x3i, vr));
      const y2r = f64x2.add(x2r, t3r), y2i = f64x2.add(x2i, t3i);
      const y3r = f64x2.sub(x2r, t3r), y3i = f64x2.sub(x2i, t3i);
      // Stage 2q.
      const w0r = v128.load(bRe + j), w0i = f64x2.neg(v128.load(bIm + j));
      const w1r = v128.load(bRe + j + qb), w1i = f64x2.neg(v128.load(bIm + j + qb));
      const u2r = f64x2.sub(f64x2.mul(y2r, w0r), f64x2.mul(y2i, w0i));
      const u2i = f64x2.add(f64x2.mul(y2r, w0i), f64x2.mul(y2i, w0r));
      v128.store(r0 + j, f64x2.add(y0r, u2r));
      v128.store(i0 + j, f64x2.add(y0i, u2i));
      v128.store(r0 + j + 2 * qb, f64x2.sub(y0r, u2r));
      v128.store(i0 + j + 2 * qb, f64x2.sub(y0i, u2i));
      const u3r = f64x2.sub(f64x2.mul(y3r, w1r), f64x2.mul(y3i, w1i));
      const u3i = f64x2.add(f64x2.mul(y3r, w1i), f64x2.mul(y3i, w1r));
      v128.store(r0 + j + qb, f64x2.add(y1r, u3r));
      v128.store(i0 + j + qb, f64x2.add(y1i, u3i));
      v128.store(r0 + j + 3 * qb, f64x2.sub(y1r, u3r));
      v128.store(i0 + j + 3 * qb, f64x2.sub(y1i, u3i));
    }
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

let emitted: i32 = 0;

export function massEmitted(): i32 {
  return emitted;
}

// Certified greedy selection (massSelect*): per window its lower score while it is still a candidate,
// Infinity otherwise, and the minimum per tile of 1 << TILE_BITS windows.
let KEY: usize = 0;
let TILE_MIN: usize = 0;
let windowCount: i32 = 0;
let selectBound: f64 = Infinity;
const TILE_BITS = 6;

export function configureSelect(key: usize, tileMin: usize, count: i32): void {
  KEY = key;
  TILE_MIN = tileMin;
  windowCount = count;
}

/** Windows of [from, to) are not candidates (the gaps between the admitted intervals of this query). */
export function massSelectBlank(from: i32, to: i32): void {
  for (let s = from; s < to; s++) store<f64>(KEY + (<usize>s << 3), Infinity);
}

@inline function refreshTile(t: i32): void {
  const first = t << TILE_BITS;
  const last = min(first + (1 << TILE_BITS), windowCount);
  let best: f64 = Infinity;
  for (let s = first; s < last; s++) best = min(best, load<f64>(KEY + (<usize>s << 3)));
  // Lower scores above the bound are no candidates.
  if (best > selectBound) best = Infinity;
  store<f64>(TILE_MIN + (<usize>t << 3), best);
}

/**
 * Greedy non-overlapping selection of up to k candidates (windows whose KEY, their lower score from
 * massScores, is within `bound`; the caller blanked the windows outside this query's intervals), best first, decided on fast scores only where
 * that is certain: the candidate with the smallest lower score is the next pick when every other free
 * candidate's lower score exceeds its upper score (then its exact score is the smallest). Writes the
 * picks to the output buffers in greedy order and returns their count, or -1 at the first uncertain step
 * (near-ties within the error bounds, exact ties such as flat windows): the caller then hands the
 * candidates to the exact selection instead.
 */
export function massSelect(k: i32, bound: f64): i32 {
  selectBound = bound;
  const tiles = (windowCount + (1 << TILE_BITS) - 1) >> TILE_BITS;
  for (let t = 0; t < tiles; t++) refreshTile(t);
  let picks = 0;
  while (picks < k) {
    let bestTile = -1;
    let bestKey: f64 = Infinity;
    for (let t = 0; t < tiles; t++) {
      const v = load<f64>(TILE_MIN + (<usize>t << 3));
      if (v < bestKey) {
        bestKey = v;
        bestTile = t;
      }
    }
    if (bestTile < 0) break;
    let c = bestTile << TILE_BITS;
    while (load<f64>(KEY + (<usize>c << 3)) != bestKey) c++;
    const upper = load<f64>(SCORE + (<usize>c << 3)) + load<f64>(ERROR + (<usize>c << 3));
    for (let t = 0; t < tiles; t++) {
      if (load<f64>(TILE_MIN + (<usize>t << 3)) > upper) continue;
      const first = t << TILE_BITS;
      const last = min(first + (1 << TILE_BITS), windowCount);
      for (let w = first; w < last; w++) {
        const key = load<f64>(KEY + (<usize>w << 3));
        if (w != c && key <= upper && key <= bound) return -1;
      }
    }
    store<i32>(OUT_START + (<usize>picks << 2), c);
    store<f64>(OUT_SCORE + (<usize>picks << 3), load<f64>(SCORE + (<usize>c << 3)));
    store<f64>(OUT_ERROR + (<usize>picks << 3), load<f64>(ERROR + (<usize>c << 3)));
    picks++;
    // Retire every window overlapping the pick; tiles wholly inside that range are simply emptied.
    const lo = max(0, c - m + 1);
    const hi = min(windowCount, c + m);
    const infinity = f64x2.splat(Infinity);
    let w = lo;
    for (; w < hi && (w & 1) != 0; w++) store<f64>(KEY + (<usize>w << 3), Infinity);
    for (; w + 2 <= hi; w += 2) v128.store(KEY + (<usize>w << 3), infinity);
    for (; w < hi; w++) store<f64>(KEY + (<usize>w << 3), Infinity);
    const firstTile = lo >> TILE_BITS;
    const lastTile = (hi - 1) >> TILE_BITS;
    refreshTile(firstTile);
    for (let t = firstTile + 1; t < lastTile; t++) store<f64>(TILE_MIN + (<usize>t << 3), Infinity);
    if (lastTile > firstTile) refreshTile(lastTile);
  }
  return picks;
}
