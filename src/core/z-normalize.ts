/**
 * Exact z-normalisation of one window (or query) with a careful two-pass mean and population std.
 *
 * Policy shared by every search path: a window whose values are all equal ("constant") z-normalises to
 * the zero vector. Detection is exact (value equality), not a relative floor: FX-like series move 1e-5
 * on a level of 1.1, so any floor loose enough to catch rounding noise would also flatten real moves.
 *
 * The same routine normalises the query and re-scores the final matches, so a window holding exactly
 * the query's values normalises to the same bits and scores exactly 0.
 */

/**
 * Writes the z-normalised `window` into `out` (same length) and returns true, or fills `out` with
 * zeros and returns false when the window is constant. Values must be finite.
 */
/** Scratch for zNormalizeInto (synchronous, never re-entered): one typed array less per query. */
const meanStdScratch = new Float64Array(2);

export function zNormalizeInto(window: Float64Array, out: Float64Array): boolean {
  const length = window.length;
  const meanStd = meanStdScratch;
  if (!windowMeanStd(window, 0, length, meanStd)) {
    out.fill(0);
    return false;
  }
  const mean = meanStd[0];
  const std = meanStd[1];
  for (let j = 0; j < length; j++) out[j] = (window[j] - mean) / std;
  return true;
}

/**
 * Mean and population std of values[start, start + length) into out[0], out[1], with the arithmetic
 * zNormalizeInto uses (so callers that normalise on the fly get the same bits); false when constant.
 */
export function windowMeanStd(values: Float64Array, start: number, length: number, out: Float64Array): boolean {
  const end = start + length;
  const first = values[start];
  let constant = true;
  for (let j = start + 1; j < end; j++) {
    if (values[j] !== first) {
      constant = false;
      break;
    }
  }
  if (constant) return false;
  let sum = 0;
  for (let j = start; j < end; j++) sum += values[j];
  let mean = sum / length;
  // Second pass: the first mean of prices near 1e5 is off by ~1e-11, which is 1e-8 of a 1e-3 spread.
  let correction = 0;
  for (let j = start; j < end; j++) correction += values[j] - mean;
  mean += correction / length;
  let squares = 0;
  for (let j = start; j < end; j++) {
    const centred = values[j] - mean;
    squares += centred * centred;
  }
  out[0] = mean;
  out[1] = Math.sqrt(squares / length);
  return true;
}
