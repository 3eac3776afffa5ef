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
export function zNormalizeInto(window: Float64Array, out: Float64Array): boolean {
  const length = window.length;
  const first = window[0];
  let constant = true;
  for (let j = 1; j < length; j++) {
    if (window[j] !== first) {
      constant = false;
      break;
    }
  }
  if (constant) {
    out.fill(0);
    return false;
  }
  let sum = 0;
  for (let j = 0; j < length; j++) sum += window[j];
  let mean = sum / length;
  // Second pass: the first mean of prices near 1e5 is off by ~1e-11, which is 1e-8 of a 1e-3 spread.
  let correction = 0;
  for (let j = 0; j < length; j++) correction += window[j] - mean;
  mean += correction / length;
  let squares = 0;
  for (let j = 0; j < length; j++) {
    const centred = window[j] - mean;
    squares += centred * centred;
  }
  const std = Math.sqrt(squares / length);
  for (let j = 0; j < length; j++) out[j] = (window[j] - mean) / std;
  return true;
}
