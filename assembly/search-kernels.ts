/**
 * WebAssembly (SIMD, f64x2) kernels for exact z-normalised window search. AssemblyScript, compiled by
 * scripts/build-wasm.mjs at install/build time; the JavaScript side is src/core/wasm-kernels.ts, which owns
 * the memory layout, and the pure-JS kernels in src/core stay the fallback and share the oracle tests.
 *
 * Glossary: x = series values, n = their count, m = window length, s = window start, count = n - m + 1,
 * b = stats block (1 << blockBits window starts, each with its own shift c_b), mu' = window mean - c_b,
 * r = 1 / window std (0 for constant and ineligible windows), qz = z-normalised query, L = segment length,
 * w = number of segments (w * L <= m), a_i = mean of x[i..i+L) - c_b, qp_j = mean of qz over segment j,
 * wp_j = (a_{s+jL} - mu') * r = mean of the z-normalised window over segment j.
 *
 * Pruning (why this is fast): the squared distance over segment j is at least L * (qp_j - wp_j)^2 (the
 * mean minimises the sum of squares, Cauchy-Schwarz), and the L1 distance at least L * |qp_j - wp_j|
 * (triangle inequality). So LB2 = L * sum_j (qp_j - wp_j)^2 and LB1 = L * sum_j |qp_j - wp_j| are lower
 * bounds that cost w terms instead of m. For L2 the square is expanded, and the query-independent part
 * sum_j wp_j^2 is precomputed per window (pn), leaving one strided dot of length w per window:
 *   LB2 = L * (sum qp^2 + pn(s) - 2 r (sum_j qp_j a_{s+jL} - mu' sum_j qp_j)).
 * A window whose bound minus a generous rounding margin exceeds the caller's limit is skipped; the rest
 * get the exact kernel (SIMD dot for L2, early-abandoned L1 in |qz|-descending order) and are written to
 * the output buffers with the same fast score and error bound the JavaScript kernels use.
 *
 * Where that bound cannot prune (few places per match), L2 runs as MASS instead: mass-kernels.ts (FFT in
 * fft.ts, selection in mass-select.ts, one call per query in mass-query.ts), compiled into the same module
 * and exported below.
 */

export { configureMass, prepareMass, massBound, massEmit, massEmitted } from "./mass-kernels";
export { configureSelect } from "./mass-select";
export { configureExact } from "./mass-exact";
export { massQuery } from "./mass-query";

// Layout: byte offsets into this instance's memory, set once by configure().
let X: usize = 0;
let KIND: usize = 0;
let MEAN: usize = 0;
let INV: usize = 0;
let PN: usize = 0;
let SHIFT: usize = 0;
let MAXABS: usize = 0;
let SEG: usize = 0;
let QZ: usize = 0;
let QS: usize = 0;
let ORD: usize = 0;
let QP: usize = 0;
let OUT_START: usize = 0;
let OUT_SCORE: usize = 0;
let OUT_ERROR: usize = 0;
/** Scratch: one stats block of the series in that block's shifted frame (y), and eight dot products. */
let Y: usize = 0;
let DOTS: usize = 0;
/** The block Y currently holds, or -1. */
let yBlock: i32 = -1;
let n: i32 = 0;
let m: i32 = 0;
let count: i32 = 0;
let blockBits: i32 = 0;
let segLen: i32 = 0;
let segCount: i32 = 0;
let segStride: i32 = 0;
let outCapacity: i32 = 0;
let outCount: i32 = 0;

// Per query, set by setQuery().
let normSq: f64 = 0;
let qpSq: f64 = 0;
let qpSum: f64 = 0;
let sumAbs: f64 = 0;
let dotRoundingPerMaxAbs: f64 = 0;
let statsFactor: f64 = 0;
let l1StatsError: f64 = 0;
let l1CentringPerMaxAbs: f64 = 0;
let marginConst: f64 = 0;
let marginPerMaxAbsR: f64 = 0;

const NORMAL: u8 = 0;
const CONSTANT: u8 = 1;
/** pn of an ineligible window: pushes its bound past any finite limit. */
const NEVER: f64 = 1e300;

export function configure(
  x: usize, kind: usize, mean: usize, inv: usize, pn: usize, shift: usize, maxAbs: usize, seg: usize,
  qz: usize, qs: usize, ord: usize, qp: usize, outStart: usize, outScore: usize, outError: usize,
  y: usize, dots: usize, seriesLength: i32, windowLength: i32, windowCount: i32, bits: i32, length: i32, segments: i32, stride: i32,
  capacity: i32,
): void {
  X = x; KIND = kind; MEAN = mean; INV = inv; PN = pn; SHIFT = shift; MAXABS = maxAbs; SEG = seg;
  QZ = qz; QS = qs; ORD = ord; QP = qp; OUT_START = outStart; OUT_SCORE = outScore; OUT_ERROR = outError;
  Y = y; DOTS = dots; yBlock = -1;
  n = seriesLength; m = windowLength; count = windowCount; blockBits = bits; segLen = length;
  segCount = segments; segStride = stride; outCapacity = capacity;
}

@inline function shiftedValue(i: i32, shift: f64): f64 {
  const v = load<f64>(X + (<usize>i << 3));
  return v - v == 0 ? v - shift : 0;
}

/** Segment means per block (in the block's shifted frame) and pn per window; once per (series, m). */
export function prepare(): void {
  const block = 1 << blockBits;
  const blocks = (count + block - 1) >> blockBits;
  const invLen = 1.0 / <f64>segLen;
  for (let b = 0; b < blocks; b++) {
    const first = b << blockBits;
    const last = min(first + block, count);
    const shift = load<f64>(SHIFT + (<usize>b << 3));
    const base = SEG + (<usize>(b * segStride) << 3);
    // segStride = block + m - L covers every a_i a window of this block reads (i + L <= n).
    const span = min(segStride, n - first - segLen + 1);
    // Direct sums, restarted every 16 positions, so rounding stays ~L eps |y| (no long sliding drift).
    let sum: f64 = 0;
    for (let i = 0; i < span; i++) {
      if ((i & 15) == 0) {
        sum = 0;
        for (let u = 0; u < segLen; u++) sum += shiftedValue(first + i + u, shift);
      } else {
        sum += shiftedValue(first + i + segLen - 1, shift) - shiftedValue(first + i - 1, shift);
      }
      store<f64>(base + (<usize>i << 3), sum * invLen);
    }
    for (let s = first; s < last; s++) {
      const kind = load<u8>(KIND + <usize>s);
      let p: f64 = 0;
      if (kind == NORMAL) {
        const mu = load<f64>(MEAN + (<usize>s << 3));
        const r = load<f64>(INV + (<usize>s << 3));
        for (let j = 0; j < segCount; j++) {
          const wp = (load<f64>(base + (<usize>(s - first + j * segLen) << 3)) - mu) * r;
          p += wp * wp;
        }
      } else if (kind != CONSTANT) {
        p = NEVER;
      }
      store<f64>(PN + (<usize>s << 3), p);
    }
  }
}

export function setQuery(
  querySumSq: f64, segSumSq: f64, segSum: f64, queryAbsSum: f64, rounding: f64, statsRelativeError: f64,
  l1Centring: f64, margin: f64, marginScale: f64,
): void {
  normSq = querySumSq;
  qpSq = segSumSq;
  qpSum = segSum;
  sumAbs = queryAbsSum;
  dotRoundingPerMaxAbs = rounding;
  statsFactor = 4 * statsRelativeError;
  l1StatsError = <f64>m * statsRelativeError;
  l1CentringPerMaxAbs = l1Centring;
  marginConst = margin;
  marginPerMaxAbsR = marginScale;
}

export function outputCount(): i32 {
  return outCount;
}

@inline function emit(s: i32, score: f64, error: f64): void {
  store<i32>(OUT_START + (<usize>outCount << 2), s);
  store<f64>(OUT_SCORE + (<usize>outCount << 3), score);
  store<f64>(OUT_ERROR + (<usize>outCount << 3), error);
  outCount++;
}

/** sum_i qz[i] * (x[s+i] - shift), two f64x2 accumulators. */
@inline function exactDot(s: i32, shift: f64): f64 {
  const shiftV = f64x2.splat(shift);
  let acc0 = f64x2.splat(0);
  let acc1 = f64x2.splat(0);
  const xs = X + (<usize>s << 3);
  let i = 0;
  for (; i + 4 <= m; i += 4) {
    const o = <usize>i << 3;
    acc0 = f64x2.add(acc0, f64x2.mul(v128.load(QZ + o), f64x2.sub(v128.load(xs + o), shiftV)));
    acc1 = f64x2.add(acc1, f64x2.mul(v128.load(QZ + o + 16), f64x2.sub(v128.load(xs + o + 16), shiftV)));
  }
  acc0 = f64x2.add(acc0, acc1);
  let dot = f64x2.extract_lane(acc0, 0) + f64x2.extract_lane(acc0, 1);
  for (; i < m; i++) dot += load<f64>(QZ + (<usize>i << 3)) * (load<f64>(xs + (<usize>i << 3)) - shift);
  return dot;
}

/** Fast L2 score of window s (block b) and its error; writes it when score - error <= limit. */
@inline function offerL2(s: i32, b: i32, limit: f64): void {
  const kind = load<u8>(KIND + <usize>s);
  if (kind == NORMAL) {
    scoreL2(s, b, exactDot(s, load<f64>(SHIFT + (<usize>b << 3))), limit);
  } else if (kind == CONSTANT) {
    if (normSq <= limit) emit(s, normSq, 0);
  }
}

/**
 * Dense survivors (long windows on short series leave most windows above no bound): the dots of eight
 * consecutive windows s..s+7 of block b at once, register-blocked (one splat of qz[i] serves four f64x2
 * accumulators) over the block's shifted values, then each kept window is scored as offerL2 would.
 */
function offerL2Eight(s: i32, b: i32, kept: i32, limit: f64): void {
  const first = b << blockBits;
  if (yBlock != b) {
    const shift = load<f64>(SHIFT + (<usize>b << 3));
    const span = min((1 << blockBits) + m - 1, n - first);
    for (let i = 0; i < span; i++) store<f64>(Y + (<usize>i << 3), shiftedValue(first + i, shift));
    yBlock = b;
  }
  let a0 = f64x2.splat(0);
  let a1 = f64x2.splat(0);
  let a2 = f64x2.splat(0);
  let a3 = f64x2.splat(0);
  let p = Y + (<usize>(s - first) << 3);
  for (let i = 0; i < m; i++) {
    const q = v128.load64_splat(QZ + (<usize>i << 3));
    a0 = f64x2.add(a0, f64x2.mul(q, v128.load(p)));
    a1 = f64x2.add(a1, f64x2.mul(q, v128.load(p, 16)));
    a2 = f64x2.add(a2, f64x2.mul(q, v128.load(p, 32)));
    a3 = f64x2.add(a3, f64x2.mul(q, v128.load(p, 48)));
    p += 8;
  }
  v128.store(DOTS, a0);
  v128.store(DOTS, a1, 16);
  v128.store(DOTS, a2, 32);
  v128.store(DOTS, a3, 48);
  for (let j = 0; j < 8; j++) {
    if (((kept >> j) & 1) == 0) continue;
    const w = s + j;
    const kind = load<u8>(KIND + <usize>w);
    if (kind == NORMAL) scoreL2(w, b, load<f64>(DOTS + (<usize>j << 3)), limit);
    else if (kind == CONSTANT && normSq <= limit) emit(w, normSq, 0);
  }
}

@inline function scoreL2(s: i32, b: i32, dot: f64, limit: f64): void {
  {
    const r = load<f64>(INV + (<usize>s << 3));
    const score = normSq + <f64>m - 2 * dot * r;
    const error = r * (statsFactor * abs(dot) + 2 * dotRoundingPerMaxAbs * load<f64>(MAXABS + (<usize>b << 3)));
    if (score - error <= limit) emit(s, score, error);
  }
}

/** `lanes`: the bitmask of the narrowed keep masks, two bits (2j, 2j+1) per window s+j (lanes are all-ones or zero). */
@inline function offerL2Kept(s: i32, b: i32, lanes: i32, limit: f64): void {
  let kept = 0;
  for (let j = 0; j < 8; j++) if (((lanes >> (2 * j)) & 1) != 0) kept |= 1 << j;
  if (popcnt(kept) >= 3) {
    offerL2Eight(s, b, kept, limit);
    return;
  }
  for (let j = 0; j < 8; j++) if (((kept >> j) & 1) != 0) offerL2(s + j, b, limit);
}

/** Early-abandoned L1 distance of window s (block b); written when it completes within limit + error. */
@inline function offerL1(s: i32, b: i32, limit: f64): void {
  const kind = load<u8>(KIND + <usize>s);
  if (kind == NORMAL) {
    const shift = load<f64>(SHIFT + (<usize>b << 3));
    const mu = load<f64>(MEAN + (<usize>s << 3));
    const r = load<f64>(INV + (<usize>s << 3));
    const error = l1StatsError + l1CentringPerMaxAbs * load<f64>(MAXABS + (<usize>b << 3)) * r;
    const bound = limit + error;
    const xs = X + (<usize>s << 3);
    let sum: f64 = 0;
    let j = 0;
    for (; j < m; j++) {
      const at = <usize>load<i32>(ORD + (<usize>j << 2));
      sum += abs(load<f64>(QS + (<usize>j << 3)) - (load<f64>(xs + (at << 3)) - shift - mu) * r);
      if (sum > bound) break;
    }
    if (j == m) emit(s, sum, error);
  } else if (kind == CONSTANT) {
    if (sumAbs <= limit) emit(s, sumAbs, 0);
  }
}

/**
 * Scans window starts [from, to) for L2 with the segment bound, writing survivors' fast scores to the
 * output buffers (outputCount() of them). Returns early, at a block end, once anything was written, so
 * the caller can tighten `limit` before scanning on; returns the next start to scan.
 */
export function scanL2(from: i32, to: i32, limit: f64): i32 {
  outCount = 0;
  const block = 1 << blockBits;
  const L = <f64>segLen;
  const stepBytes = <usize>segLen << 3;
  const limitV = f64x2.splat(limit);
  const qpSqV = f64x2.splat(qpSq);
  const qpSumV = f64x2.splat(qpSum);
  const lV = f64x2.splat(L);
  const twoV = f64x2.splat(2);
  const marginV = f64x2.splat(marginConst);
  let s = from;
  while (s < to) {
    const b = s >> blockBits;
    const first = b << blockBits;
    const hi = min(to, first + block);
    const base = SEG + (<usize>(b * segStride) << 3);
    const slackV = f64x2.splat(marginPerMaxAbsR * load<f64>(MAXABS + (<usize>b << 3)));
    // Four pairs of windows per pass: independent accumulators hide the add latency.
    for (; s + 8 <= hi; s += 8) {
      const seg = base + (<usize>(s - first) << 3);
      let a0 = f64x2.splat(0);
      let a1 = f64x2.splat(0);
      let a2 = f64x2.splat(0);
      let a3 = f64x2.splat(0);
      let p = seg;
      for (let j = 0; j < segCount; j++) {
        const q = v128.load64_splat(QP + (<usize>j << 3));
        a0 = f64x2.add(a0, f64x2.mul(q, v128.load(p)));
        a1 = f64x2.add(a1, f64x2.mul(q, v128.load(p, 16)));
        a2 = f64x2.add(a2, f64x2.mul(q, v128.load(p, 32)));
        a3 = f64x2.add(a3, f64x2.mul(q, v128.load(p, 48)));
        p += stepBytes;
      }
      const o = <usize>s << 3;
      const r0 = v128.load(INV + o);
      const r1 = v128.load(INV + o, 16);
      const r2 = v128.load(INV + o, 32);
      const r3 = v128.load(INV + o, 48);
      const d0 = f64x2.mul(r0, f64x2.sub(a0, f64x2.mul(v128.load(MEAN + o), qpSumV)));
      const d1 = f64x2.mul(r1, f64x2.sub(a1, f64x2.mul(v128.load(MEAN + o, 16), qpSumV)));
      const d2 = f64x2.mul(r2, f64x2.sub(a2, f64x2.mul(v128.load(MEAN + o, 32), qpSumV)));
      const d3 = f64x2.mul(r3, f64x2.sub(a3, f64x2.mul(v128.load(MEAN + o, 48), qpSumV)));
      // lb - margin <= limit keeps the window: lb = L (qpSq + pn - 2 d), margin = c + r * slack.
      const k0 = f64x2.le(f64x2.sub(f64x2.mul(lV, f64x2.sub(f64x2.add(qpSqV, v128.load(PN + o)), f64x2.mul(twoV, d0))), f64x2.add(marginV, f64x2.mul(r0, slackV))), limitV);
      const k1 = f64x2.le(f64x2.sub(f64x2.mul(lV, f64x2.sub(f64x2.add(qpSqV, v128.load(PN + o, 16)), f64x2.mul(twoV, d1))), f64x2.add(marginV, f64x2.mul(r1, slackV))), limitV);
      const k2 = f64x2.le(f64x2.sub(f64x2.mul(lV, f64x2.sub(f64x2.add(qpSqV, v128.load(PN + o, 32)), f64x2.mul(twoV, d2))), f64x2.add(marginV, f64x2.mul(r2, slackV))), limitV);
      const k3 = f64x2.le(f64x2.sub(f64x2.mul(lV, f64x2.sub(f64x2.add(qpSqV, v128.load(PN + o, 48)), f64x2.mul(twoV, d3))), f64x2.add(marginV, f64x2.mul(r3, slackV))), limitV);
      if (!v128.any_true(v128.or(v128.or(k0, k1), v128.or(k2, k3)))) continue;
      const kept = i8x16.bitmask(i8x16.narrow_i16x8_s(i16x8.narrow_i32x4_s(k0, k1), i16x8.narrow_i32x4_s(k2, k3)));
      offerL2Kept(s, b, kept, limit);
    }
    for (; s < hi; s++) {
      const seg = base + (<usize>(s - first) << 3);
      let acc: f64 = 0;
      for (let j = 0; j < segCount; j++) acc += load<f64>(QP + (<usize>j << 3)) * load<f64>(seg + (<usize>(j * segLen) << 3));
      const o = <usize>s << 3;
      const r = load<f64>(INV + o);
      const d = r * (acc - load<f64>(MEAN + o) * qpSum);
      const lb = L * (qpSq + load<f64>(PN + o) - 2 * d);
      if (lb - (marginConst + r * marginPerMaxAbsR * load<f64>(MAXABS + (<usize>b << 3))) <= limit) offerL2(s, b, limit);
    }
    if (outCount > 0) break;
  }
  return s;
}

/** As scanL2, for L1: segment bound L * sum |qp_j - wp_j|, then early abandoning. */
export function scanL1(from: i32, to: i32, limit: f64): i32 {
  outCount = 0;
  const block = 1 << blockBits;
  const L = <f64>segLen;
  const stepBytes = <usize>segLen << 3;
  const limitV = f64x2.splat(limit);
  const lV = f64x2.splat(L);
  const marginV = f64x2.splat(marginConst);
  let s = from;
  while (s < to) {
    const b = s >> blockBits;
    const first = b << blockBits;
    const hi = min(to, first + block);
    const base = SEG + (<usize>(b * segStride) << 3);
    const slackV = f64x2.splat(marginPerMaxAbsR * load<f64>(MAXABS + (<usize>b << 3)));
    for (; s + 4 <= hi; s += 4) {
      const o = <usize>s << 3;
      const mu0 = v128.load(MEAN + o);
      const mu1 = v128.load(MEAN + o, 16);
      const r0 = v128.load(INV + o);
      const r1 = v128.load(INV + o, 16);
      let a0 = f64x2.splat(0);
      let a1 = f64x2.splat(0);
      let p = base + (<usize>(s - first) << 3);
      for (let j = 0; j < segCount; j++) {
        const q = v128.load64_splat(QP + (<usize>j << 3));
        a0 = f64x2.add(a0, f64x2.abs(f64x2.sub(q, f64x2.mul(f64x2.sub(v128.load(p), mu0), r0))));
        a1 = f64x2.add(a1, f64x2.abs(f64x2.sub(q, f64x2.mul(f64x2.sub(v128.load(p, 16), mu1), r1))));
        p += stepBytes;
      }
      // Ineligible windows (pn = NEVER) are never kept; constant ones bound at L sum |qp| <= sumAbs.
      const k0 = v128.and(
        f64x2.le(f64x2.sub(f64x2.mul(lV, a0), f64x2.add(marginV, f64x2.mul(r0, slackV))), limitV),
        f64x2.lt(v128.load(PN + o), f64x2.splat(NEVER)),
      );
      const k1 = v128.and(
        f64x2.le(f64x2.sub(f64x2.mul(lV, a1), f64x2.add(marginV, f64x2.mul(r1, slackV))), limitV),
        f64x2.lt(v128.load(PN + o, 16), f64x2.splat(NEVER)),
      );
      if (!v128.any_true(v128.or(k0, k1))) continue;
      if (i64x2.extract_lane(k0, 0) != 0) offerL1(s, b, limit);
      if (i64x2.extract_lane(k0, 1) != 0) offerL1(s + 1, b, limit);
      if (i64x2.extract_lane(k1, 0) != 0) offerL1(s + 2, b, limit);
      if (i64x2.extract_lane(k1, 1) != 0) offerL1(s + 3, b, limit);
    }
    for (; s < hi; s++) {
      const o = <usize>s << 3;
      if (load<f64>(PN + o) >= NEVER) continue;
      const seg = base + (<usize>(s - first) << 3);
      const mu = load<f64>(MEAN + o);
      const r = load<f64>(INV + o);
      let acc: f64 = 0;
      for (let j = 0; j < segCount; j++) {
        acc += abs(load<f64>(QP + (<usize>j << 3)) - (load<f64>(seg + (<usize>(j * segLen) << 3)) - mu) * r);
      }
      if (L * acc - (marginConst + r * marginPerMaxAbsR * load<f64>(MAXABS + (<usize>b << 3))) <= limit) offerL1(s, b, limit);
    }
    if (outCount > 0) break;
  }
  return s;
}

/**
 * Scores every `spacing`-th start in [from, to) (spacing >= m, so the sampled windows never overlap)
 * with the exact kernel and no limit: writes starts and upper scores (score + error) of the eligible ones.
 * The caller turns them into a seed bound. Returns how many were written (at most outCapacity).
 */
export function sample(from: i32, to: i32, spacing: i32, l1: i32): i32 {
  outCount = 0;
  for (let s = from; s < to && outCount < outCapacity; s += spacing) {
    const before = outCount;
    if (l1 != 0) offerL1(s, s >> blockBits, Infinity);
    else offerL2(s, s >> blockBits, Infinity);
    if (outCount > before) {
      const i = outCount - 1;
      store<f64>(OUT_SCORE + (<usize>i << 3), load<f64>(OUT_SCORE + (<usize>i << 3)) + load<f64>(OUT_ERROR + (<usize>i << 3)));
    }
  }
  return outCount;
}
