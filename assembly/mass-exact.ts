/**
 * Exact L2 re-score of the MASS kernel's certified picks, bit-identical to src/core/exact-scorer.ts
 * (scoreL2InPlace with windowMeanStd of z-normalize.ts): the same sums in the same order per window, two
 * windows per f64x2 (one per lane), so each lane performs exactly the scalar operations. Wasm arithmetic is
 * IEEE-754 with no fused multiply-add, as is JavaScript's, so the bits match. Re-scoring the k picks in
 * JavaScript cost about as much as a third of the transforms; here two windows share every division.
 *
 * Glossary: x = series values (X), qz = z-normalised query (QZ), m = window length, picks' starts in
 * OUT_START; their exact scores go to OUT_SCORE and 0 to OUT_ERROR. A constant window (all values equal)
 * scores exactly m against the (non-constant) query, as ExactScorer's constant policy says.
 */

let X: usize = 0;
let QZ: usize = 0;
let OUT_START: usize = 0;
let OUT_SCORE: usize = 0;
let OUT_ERROR: usize = 0;
let m: i32 = 0;

export function configureExact(x: usize, qz: usize, outStart: usize, outScore: usize, outError: usize, windowLength: i32): void {
  X = x; QZ = qz; OUT_START = outStart; OUT_SCORE = outScore; OUT_ERROR = outError;
  m = windowLength;
}

/** Exact scores of the first `count` starts of OUT_START (windows must not wrap; the query must not be constant). */
export function massExact(count: i32): void {
  for (let i = 0; i < count; i += 2) {
    const a = load<i32>(OUT_START + (<usize>i << 2));
    // An odd count pairs the last window with itself; only lane 0 is kept.
    const b = i + 1 < count ? load<i32>(OUT_START + (<usize>(i + 1) << 2)) : a;
    const scores = exactPair(X + (<usize>a << 3), X + (<usize>b << 3));
    store<f64>(OUT_SCORE + (<usize>i << 3), isConstant(a) ? <f64>m : f64x2.extract_lane(scores, 0));
    store<f64>(OUT_ERROR + (<usize>i << 3), 0);
    if (i + 1 < count) {
      store<f64>(OUT_SCORE + (<usize>(i + 1) << 3), isConstant(b) ? <f64>m : f64x2.extract_lane(scores, 1));
      store<f64>(OUT_ERROR + (<usize>(i + 1) << 3), 0);
    }
  }
}

/** windowMeanStd's test: every value equal to the first. */
function isConstant(start: i32): bool {
  const first = load<f64>(X + (<usize>start << 3));
  for (let j = 1; j < m; j++) if (load<f64>(X + (<usize>(start + j) << 3)) != first) return false;
  return true;
}

@inline function pairAt(a: usize, b: usize, j: i32): v128 {
  const o = <usize>j << 3;
  return f64x2.replace_lane(f64x2.splat(load<f64>(a + o)), 1, load<f64>(b + o));
}

/** windowMeanStd then sum (qz_j - (x_j - mean) / std)^2, for the windows at a (lane 0) and b (lane 1). */
function exactPair(a: usize, b: usize): v128 {
  const length = f64x2.splat(<f64>m);
  let sum = f64x2.splat(0);
  for (let j = 0; j < m; j++) sum = f64x2.add(sum, pairAt(a, b, j));
  let mean = f64x2.div(sum, length);
  let correction = f64x2.splat(0);
  for (let j = 0; j < m; j++) correction = f64x2.add(correction, f64x2.sub(pairAt(a, b, j), mean));
  mean = f64x2.add(mean, f64x2.div(correction, length));
  let squares = f64x2.splat(0);
  for (let j = 0; j < m; j++) {
    const centred = f64x2.sub(pairAt(a, b, j), mean);
    squares = f64x2.add(squares, f64x2.mul(centred, centred));
  }
  const std = f64x2.sqrt(f64x2.div(squares, length));
  let total = f64x2.splat(0);
  for (let j = 0; j < m; j++) {
    const d = f64x2.sub(f64x2.splat(load<f64>(QZ + (<usize>j << 3))), f64x2.div(f64x2.sub(pairAt(a, b, j), mean), std));
    total = f64x2.add(total, f64x2.mul(d, d));
  }
  return total;
}
