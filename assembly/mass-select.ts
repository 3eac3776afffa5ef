/**
 * Greedy non-overlapping selection for the MASS kernels (mass-kernels.ts), decided on fast scores where
 * that is certain; see massSelect. Reads the fast scores (SCORE, ERROR) and consumes the lower scores
 * (KEY) that massScores wrote for this query, and writes the picks to the shared output buffers.
 *
 * Glossary: m = window length, count = windows in the series, tile = 1 << TILE_BITS consecutive starts
 * whose smallest KEY is kept in TILE_MIN, so finding the best free window costs count / 64 reads.
 */

let SCORE: usize = 0;
let ERROR: usize = 0;
let KEY: usize = 0;
let TILE_MIN: usize = 0;
let OUT_START: usize = 0;
let OUT_SCORE: usize = 0;
let OUT_ERROR: usize = 0;
let m: i32 = 0;
let windowCount: i32 = 0;
let selectBound: f64 = Infinity;
const TILE_BITS = 6;

export function configureSelect(
  score: usize, error: usize, key: usize, tileMin: usize, outStart: usize, outScore: usize, outError: usize,
  windowLength: i32, count: i32,
): void {
  SCORE = score; ERROR = error; KEY = key; TILE_MIN = tileMin;
  OUT_START = outStart; OUT_SCORE = outScore; OUT_ERROR = outError;
  m = windowLength;
  windowCount = count;
}

/** The series' window count (massQuery blanks up to it). */
export function selectableWindows(): i32 {
  return windowCount;
}

/** Windows of [from, to) are not candidates (the gaps between the admitted intervals of this query). */
export function massSelectBlank(from: i32, to: i32): void {
  for (let s = from; s < to; s++) store<f64>(KEY + (<usize>s << 3), Infinity);
}

/** TILE_MIN[t] = the smallest KEY of tile t within the bound (Infinity if none). */
@inline function refreshTile(t: i32): void {
  const first = t << TILE_BITS;
  const last = min(first + (1 << TILE_BITS), windowCount);
  let best: f64 = Infinity;
  let s = first;
  if (last - first == 1 << TILE_BITS) {
    // Whole tiles (all but the last): two lanes at a time. pmin is one instruction where min, with its
    // NaN and -0 rules, cost five times as much here; KEY holds no NaN (lower scores or Infinity).
    let lanes = f64x2.splat(Infinity);
    for (; s < last; s += 2) lanes = f64x2.pmin(lanes, v128.load(KEY + (<usize>s << 3)));
    best = min(f64x2.extract_lane(lanes, 0), f64x2.extract_lane(lanes, 1));
  }
  for (; s < last; s++) best = min(best, load<f64>(KEY + (<usize>s << 3)));
  // Lower scores above the bound are no candidates.
  if (best > selectBound) best = Infinity;
  store<f64>(TILE_MIN + (<usize>t << 3), best);
}

/**
 * Greedy non-overlapping selection of up to k candidates (windows whose KEY, their lower score from
 * massScores, is within `bound`; the caller blanked the windows outside this query's intervals), best
 * first, decided on fast scores only where that is certain: the candidate with the smallest lower score is the next pick when every other free
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
    // The best tile (first on ties) and the smallest minimum among the others, in one pass.
    let bestTile = -1;
    let bestKey: f64 = Infinity;
    let otherKey: f64 = Infinity;
    for (let t = 0; t < tiles; t++) {
      const v = load<f64>(TILE_MIN + (<usize>t << 3));
      if (v < bestKey) {
        otherKey = bestKey;
        bestKey = v;
        bestTile = t;
      } else if (v < otherKey) {
        otherKey = v;
      }
    }
    if (bestTile < 0) break;
    let c = bestTile << TILE_BITS;
    while (load<f64>(KEY + (<usize>c << 3)) != bestKey) c++;
    const upper = load<f64>(SCORE + (<usize>c << 3)) + load<f64>(ERROR + (<usize>c << 3));
    // Certain unless another candidate's lower score reaches `upper`: only tiles whose minimum does can
    // hold one, usually just the best tile itself.
    const from = otherKey <= upper ? 0 : bestTile;
    const to = otherKey <= upper ? tiles : bestTile + 1;
    for (let t = from; t < to; t++) {
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
