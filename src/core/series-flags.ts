/**
 * Window-length-independent facts about a series, computed once per PreparedSeries in O(n):
 * where the non-finite values and the breaks are (as prefix counts), and how long the run of equal
 * values ending at each index is. Every per-m eligibility and constancy test is then O(1) per window.
 *
 * Glossary: n = series length; a window [s, s+m) starts at s and has length m.
 */
export interface SeriesFlags {
  /** nonFinitePrefix[i] = number of non-finite values among values[0..i-1]; length n+1. */
  readonly nonFinitePrefix: Int32Array;
  /** breakPrefix[i] = number of breaks among breakBefore[0..i-1]; length n+1. */
  readonly breakPrefix: Int32Array;
  /** equalRun[i] = length of the run of values equal to values[i] that ends at i (NaN never equals). */
  readonly equalRun: Int32Array;
}

export function computeSeriesFlags(values: Float64Array, breakBefore: Uint8Array | undefined): SeriesFlags {
  const n = values.length;
  const nonFinitePrefix = new Int32Array(n + 1);
  const breakPrefix = new Int32Array(n + 1);
  const equalRun = new Int32Array(n);
  let nonFinite = 0;
  let breaks = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    // v - v is 0 for finite v and NaN for NaN and +-Infinity.
    if (v - v !== 0) nonFinite++;
    if (breakBefore !== undefined && breakBefore[i] !== 0) breaks++;
    nonFinitePrefix[i + 1] = nonFinite;
    breakPrefix[i + 1] = breaks;
    equalRun[i] = i > 0 && v === values[i - 1] ? equalRun[i - 1] + 1 : 1;
  }
  return { nonFinitePrefix, breakPrefix, equalRun };
}

/** True when [start, start+m) holds a non-finite value or a break strictly after its first position. */
export function spansHole(flags: SeriesFlags, start: number, m: number): boolean {
  const end = start + m;
  return (
    flags.nonFinitePrefix[end] - flags.nonFinitePrefix[start] !== 0 ||
    flags.breakPrefix[end] - flags.breakPrefix[start + 1] !== 0
  );
}
