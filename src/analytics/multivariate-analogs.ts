/**
 * Joint-state analogs over several aligned series: the last `m` positions (the current state) against
 * every earlier window that ends before the current window starts.
 *
 * Distance: each series' window is z-normalised on its own (population std; a constant window becomes the
 * zero vector), the squared Euclidean distance to the current window's z-scores is taken per series, and
 * the per-series figures are summed. For non-constant windows a series contributes 2m(1 - r), r being the
 * Pearson correlation of the two windows, so the total lies in [0, 4m · series].
 *
 * Levels: optional level features (the value of a series at the window's last position, in units of its
 * standard deviation over the timeline) make the match one of conditions, not shape alone. A candidate
 * whose level differs from the current one by more than `toleranceSd` standard deviations is not eligible,
 * and the ranking score is shape + level: sum over series of (1 - r) = distance / 2m, plus sum over level
 * features of weight * (standardised level difference)^2.
 */

export interface LevelFeature {
  /** The feature's values on the aligned timeline (e.g. the VIX close). */
  values: Float64Array;
  /** Standard deviation the difference is measured in (over the same timeline). */
  scale: number;
  weight: number;
  toleranceSd: number;
}

export interface MultivariateOptions {
  /** Only windows starting at or before this position (default: any that ends before the current window starts). */
  lastStart?: number;
  levels?: readonly LevelFeature[];
}

export interface MultivariateAnalog {
  /** First position of the window on the aligned timeline. */
  start: number;
  /** Sum over the series of the squared z-normalised distances. */
  distance: number;
  /** The same, per series (positions as in the input). */
  distanceBySeries: number[];
  /** Per level feature (input order): (candidate - current) / scale at the windows' last positions. */
  levelGapsSd: number[];
  /** The ranking figure: distance / 2m + sum of weight * levelGap^2. */
  score: number;
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
export function findMultivariateAnalogs(
  values: readonly Float64Array[],
  breakBefore: Uint8Array,
  m: number,
  k: number,
  options: MultivariateOptions = {},
): MultivariateSearch {
  const length = values[0]?.length ?? 0;
  const currentStart = length - m;
  if (m < 2 || currentStart < m) return { currentStart: Math.max(0, currentStart), analogs: [] };
  const current = values.map((series) => zNormalized(series, currentStart, m));
  if (current.some((z) => z === null)) return { currentStart, analogs: [] };
  const candidates: MultivariateAnalog[] = [];
  // breaksBefore[i] = breaks at positions < i, so a window's inner breaks are a difference of two entries.
  const breaksBefore = new Int32Array(length + 1);
  for (let i = 0; i < length; i++) breaksBefore[i + 1] = breaksBefore[i] + (breakBefore[i] === 1 ? 1 : 0);
  const levels = options.levels ?? [];
  const currentEnd = length - 1;
  const lastStart = Math.min(currentStart - m, options.lastStart ?? Number.POSITIVE_INFINITY);
  for (let start = 0; start <= lastStart; start++) {
    if (breaksBefore[start + m] - breaksBefore[start + 1] > 0) continue;
    const end = start + m - 1;
    const levelGapsSd = levels.map((f) => (f.values[end] - f.values[currentEnd]) / f.scale);
    if (levelGapsSd.some((gap, i) => !(Math.abs(gap) <= levels[i].toleranceSd))) continue;
    const distanceBySeries: number[] = [];
    for (let s = 0; s < values.length; s++) {
      const z = zNormalized(values[s], start, m);
      if (z === null) break;
      distanceBySeries.push(squaredDistance(z, current[s]!));
    }
    if (distanceBySeries.length < values.length) continue;
    const distance = distanceBySeries.reduce((a, b) => a + b, 0);
    const score = distance / (2 * m) + levelGapsSd.reduce((total, gap, i) => total + levels[i].weight * gap * gap, 0);
    candidates.push({ start, distance, distanceBySeries, levelGapsSd, score });
  }
  candidates.sort((a, b) => a.score - b.score || a.start - b.start);
  const analogs: MultivariateAnalog[] = [];
  for (const candidate of candidates) {
    if (analogs.length >= k) break;
    if (analogs.some((a) => Math.abs(a.start - candidate.start) < m)) continue;
    analogs.push(candidate);
  }
  return { currentStart, analogs };
}
