/**
 * Joint-state analogs over several aligned series: the last `m` positions (the current state) against
 * every earlier window that ends before the current window starts.
 *
 * Distance: each series' window is z-normalised on its own (population std; a constant window becomes the
 * zero vector), the squared Euclidean distance to the current window's z-scores is taken per series, and
 * the per-series figures are summed. For non-constant windows a series contributes 2m(1 - r), r being the
 * Pearson correlation of the two windows, so the total lies in [0, 4m · series]. Only shapes are compared,
 * not levels; callers report levels beside the distance.
 */

export interface MultivariateAnalog {
  /** First position of the window on the aligned timeline. */
  start: number;
  /** Sum over the series of the squared z-normalised distances. */
  distance: number;
  /** The same, per series (positions as in the input). */
  distanceBySeries: number[];
}

export interface MultivariateSearch {
  /** First position of the current window: length - m. */
  currentStart: number;
  analogs: MultivariateAnalog[];
}

function zNormalized(values: Float64Array, start: number, m: number): Float64Array | null {
  let sum = 0;
  for (let i = start; i < start + m; i++) sum += values[i];
  const mu = sum / m;
  let squares = 0;
  for (let i = start; i < start + m; i++) squares += (values[i] - mu) ** 2;
  if (!Number.isFinite(mu) || !Number.isFinite(squares)) return null;
  const sigma = Math.sqrt(squares / m);
  const z = new Float64Array(m);
  // A flat window has no shape: all zeros, as in the core search.
  if (sigma > 0) for (let i = 0; i < m; i++) z[i] = (values[start + i] - mu) / sigma;
  return z;
}

function squaredDistance(a: Float64Array, b: Float64Array): number {
  let total = 0;
  for (let i = 0; i < a.length; i++) total += (a[i] - b[i]) ** 2;
  return total;
}

/**
 * The k closest non-overlapping windows of length m that end before the current window starts
 * (start + m <= length - m), skipping windows that span a break (breakBefore[j] = 1 for start < j < start + m)
 * or hold a non-finite value. Greedy selection, smallest distance first, ties to the earlier window.
 */
export function findMultivariateAnalogs(values: readonly Float64Array[], breakBefore: Uint8Array, m: number, k: number): MultivariateSearch {
  const length = values[0]?.length ?? 0;
  const currentStart = length - m;
  if (m < 2 || currentStart < m) return { currentStart: Math.max(0, currentStart), analogs: [] };
  const current = values.map((series) => zNormalized(series, currentStart, m));
  if (current.some((z) => z === null)) return { currentStart, analogs: [] };
  const candidates: MultivariateAnalog[] = [];
  // breaksBefore[i] = breaks at positions < i, so a window's inner breaks are a difference of two entries.
  const breaksBefore = new Int32Array(length + 1);
  for (let i = 0; i < length; i++) breaksBefore[i + 1] = breaksBefore[i] + (breakBefore[i] === 1 ? 1 : 0);
  for (let start = 0; start + m <= currentStart; start++) {
    if (breaksBefore[start + m] - breaksBefore[start + 1] > 0) continue;
    const distanceBySeries: number[] = [];
    for (let s = 0; s < values.length; s++) {
      const z = zNormalized(values[s], start, m);
      if (z === null) break;
      distanceBySeries.push(squaredDistance(z, current[s]!));
    }
    if (distanceBySeries.length < values.length) continue;
    candidates.push({ start, distance: distanceBySeries.reduce((a, b) => a + b, 0), distanceBySeries });
  }
  candidates.sort((a, b) => a.distance - b.distance || a.start - b.start);
  const analogs: MultivariateAnalog[] = [];
  for (const candidate of candidates) {
    if (analogs.length >= k) break;
    if (analogs.some((a) => Math.abs(a.start - candidate.start) < m)) continue;
    analogs.push(candidate);
  }
  return { currentStart, analogs };
}
