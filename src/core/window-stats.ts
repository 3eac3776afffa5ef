/**
 * Rolling mean and standard deviation of every window of length m, accurate on high-priced and FX-like
 * series, plus each window's kind (normal / constant / ineligible). Cached per m by PreparedSeries.
 *
 * Glossary: x = the series values, n = its length, m = window length, s = a window start,
 * count = n - m + 1 windows, B = STATS_BLOCK windows per block, c_b = the block's shift.
 *
 * Why blocks: global prefix sums of x and x^2 cancel catastrophically (pattern-search.md §5 measured
 * 1e-4..5e-4 relative std error at $60k and at 1.1). Here the windows are cut into blocks of B starts; each
 * block subtracts its own shift c_b (the mid-range of the data it touches, so x - c_b is small and usually
 * exact) and keeps sliding sums of y = x - c_b that restart at every block. Sliding drift grows with the
 * block length, so the error is about sqrt(B) * eps * maxAbs^2 / var. A window whose variance is tiny
 * against its block's spread (var * KAPPA < maxAbs^2) is recomputed with an exact two-pass instead; that
 * keeps the relative variance error below ~1e-9 on any input (tested against a two-pass oracle).
 *
 * Non-finite values are fed into the sums as y = 0 and the windows holding them are marked ineligible,
 * so one NaN poisons only the m windows that contain it.
 */
import { spansHole, type SeriesFlags } from "./series-flags.js";

export const STATS_BLOCK_BITS = 8;
export const STATS_BLOCK = 1 << STATS_BLOCK_BITS;
/** Ratio (block spread)^2 / variance above which a window's variance is recomputed exactly. */
const KAPPA = 1e4;
/** Bound on the relative error of invStd that the search margins assume (measured ~1e-11 typical). */
export const STATS_RELATIVE_ERROR = 2e-9;

export const WindowKind = { normal: 0, constant: 1, ineligible: 2 } as const;

export interface WindowStats {
  readonly m: number;
  /** Number of non-wrapped windows, max(0, n - m + 1). */
  readonly count: number;
  /** WindowKind per window start. */
  readonly kind: Uint8Array;
  /** Window mean minus its block shift (mean - c_b), so L1 can centre without cancellation. */
  readonly shiftedMean: Float64Array;
  /** 1 / population std for normal windows; 0 for constant and ineligible ones. */
  readonly invStd: Float64Array;
  /** c_b per block of STATS_BLOCK window starts. */
  readonly blockShift: Float64Array;
  /** max |x - c_b| over the finite values the block's windows touch (used for error margins). */
  readonly blockMaxAbs: Float64Array;
}

export function computeWindowStats(values: Float64Array, flags: SeriesFlags, m: number): WindowStats {
  const n = values.length;
  const count = Math.max(0, n - m + 1);
  const blocks = (count + STATS_BLOCK - 1) >> STATS_BLOCK_BITS;
  const kind = new Uint8Array(count);
  const shiftedMean = new Float64Array(count);
  const invStd = new Float64Array(count);
  const blockShift = new Float64Array(blocks);
  const blockMaxAbs = new Float64Array(blocks);
  const { equalRun } = flags;
  // Locals for the hot loop: module bindings are re-read on every use by V8.
  const kappa = KAPPA;
  const ineligible = WindowKind.ineligible;
  const constant = WindowKind.constant;

  for (let b = 0; b < blocks; b++) {
    const first = b << STATS_BLOCK_BITS;
    const last = Math.min(first + STATS_BLOCK, count);
    const regionEnd = last + m - 1;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = first; i < regionEnd; i++) {
      const v = values[i];
      if (v - v !== 0) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    // A region without finite values has only ineligible windows; any shift will do.
    const shift = lo <= hi ? 0.5 * lo + 0.5 * hi : 0;
    const maxAbs = lo <= hi ? Math.max(hi - shift, shift - lo) : 0;
    blockShift[b] = shift;
    blockMaxAbs[b] = maxAbs;
    const maxAbsSq = maxAbs * maxAbs;

    let sum = 0;
    let sumSq = 0;
    for (let i = first; i < first + m; i++) {
      const v = values[i];
      const y = v - v === 0 ? v - shift : 0;
      sum += y;
      sumSq += y * y;
    }
    for (let s = first; s < last; s++) {
      if (spansHole(flags, s, m)) {
        kind[s] = ineligible;
      } else if (equalRun[s + m - 1] >= m) {
        kind[s] = constant;
        shiftedMean[s] = values[s] - shift;
      } else {
        const mean = sum / m;
        const variance = (sumSq - sum * mean) / m;
        if (variance * kappa > maxAbsSq) {
          shiftedMean[s] = mean;
          invStd[s] = 1 / Math.sqrt(variance);
        } else {
          exactWindow(values, s, m, shift, shiftedMean, invStd, kind);
        }
      }
      if (s + 1 < last) {
        const out = values[s];
        const inn = values[s + m];
        const yOut = out - out === 0 ? out - shift : 0;
        const yIn = inn - inn === 0 ? inn - shift : 0;
        sum += yIn - yOut;
        sumSq += yIn * yIn - yOut * yOut;
      }
    }
  }
  return { m, count, kind, shiftedMean, invStd, blockShift, blockMaxAbs };
}

/** Two-pass mean and variance of one finite, non-constant window on shifted values. */
function exactWindow(
  values: Float64Array,
  s: number,
  m: number,
  shift: number,
  shiftedMean: Float64Array,
  invStd: Float64Array,
  kind: Uint8Array,
): void {
  let sum = 0;
  for (let i = s; i < s + m; i++) sum += values[i] - shift;
  let mean = sum / m;
  let correction = 0;
  for (let i = s; i < s + m; i++) correction += values[i] - shift - mean;
  mean += correction / m;
  let squares = 0;
  for (let i = s; i < s + m; i++) {
    const d = values[i] - shift - mean;
    squares += d * d;
  }
  shiftedMean[s] = mean;
  if (squares > 0) {
    invStd[s] = 1 / Math.sqrt(squares / m);
  } else {
    // Distinct values whose spread underflows double precision (|spread| < ~1e-154): not a usable shape.
    kind[s] = WindowKind.ineligible;
  }
}
