/**
 * Small descriptive statistics for the analytics layer (glossary: n = number of values). Inputs are array-likes of finite numbers (a
 * non-finite value throws TypeError: callers decide how to treat missing data before aggregating);
 * empty input, or fewer than two values for sampleStd, throws RangeError. Inputs are never mutated.
 */

type Numbers = ArrayLike<number>;

function requireFinite(values: Numbers, what: string, minimum: number): void {
  if (values.length < minimum) {
    throw new RangeError(`${what} needs at least ${minimum} value${minimum === 1 ? "" : "s"}, got ${values.length}`);
  }
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) throw new TypeError(`${what}: value at position ${i} is not finite (${values[i]})`);
  }
}

function meanOf(values: Numbers, start = 0, end = values.length): number {
  const n = end - start;
  let sum = 0;
  for (let i = start; i < end; i++) sum += values[i];
  const first = sum / n;
  // One correction pass removes most of the rounding of the first sum (prices far from zero).
  let correction = 0;
  for (let i = start; i < end; i++) correction += values[i] - first;
  return first + correction / n;
}

/** Arithmetic mean. */
export function mean(values: Numbers): number {
  requireFinite(values, "mean", 1);
  return meanOf(values);
}

/** Median: the middle value, or the mean of the two middle values for an even count. */
export function median(values: Numbers): number {
  requireFinite(values, "median", 1);
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Sample standard deviation (divides by n - 1), two-pass. */
export function sampleStd(values: Numbers): number {
  requireFinite(values, "sampleStd", 2);
  return sampleStdOfRange(values, 0, values.length);
}

/**
 * sampleStd of values[start..end), the same arithmetic in the same order (so the same bits), without the
 * checks and without a view object: for callers that rank thousands of windows of one array and already know
 * every value in them is finite and end - start >= 2.
 */
export function sampleStdOfRange(values: Numbers, start: number, end: number): number {
  const centre = meanOf(values, start, end);
  let squares = 0;
  for (let i = start; i < end; i++) {
    const d = values[i] - centre;
    squares += d * d;
  }
  return Math.sqrt(squares / (end - start - 1));
}

/**
 * The p-th percentile (0 <= p <= 100) by linear interpolation between closest ranks (numpy's default
 * "linear", Hyndman & Fan type 7): with the values sorted ascending as v[0..n-1] and h = (n - 1) p / 100,
 * the result is v[floor(h)] + (h - floor(h)) (v[floor(h) + 1] - v[floor(h)]). So p = 0 is the minimum,
 * p = 100 the maximum and p = 50 the usual median.
 */
export function percentile(values: Numbers, p: number): number {
  requireFinite(values, "percentile", 1);
  return percentileOfSorted(Float64Array.from(values).sort(), p);
}

/**
 * percentile() of values the caller has already sorted ascending (and knows finite and non-empty), without the
 * copy and the sort: callers that read several percentiles of one sample (a bootstrap's 2000 means, a whole
 * history's returns) sort it once.
 */
export function percentileOfSorted(sorted: Numbers, p: number): number {
  if (!Number.isFinite(p) || p < 0 || p > 100) throw new RangeError(`percentile p must be within [0, 100], got ${p}`);
  const h = ((sorted.length - 1) * p) / 100;
  const lower = Math.floor(h);
  const fraction = h - lower;
  if (fraction === 0) return sorted[lower];
  return sorted[lower] + fraction * (sorted[lower + 1] - sorted[lower]);
}

/**
 * Sample skewness g1 = m3 / m2^(3/2), with m_k the k-th central moment dividing by n (the moment estimator:
 * what is wanted is the shape of thousands of outcomes, where the small-sample corrections change nothing).
 * 0 for values without spread.
 */
export function skewness(values: Numbers): number {
  requireFinite(values, "skewness", 3);
  const n = values.length;
  const centre = meanOf(values);
  let m2 = 0;
  let m3 = 0;
  for (let i = 0; i < n; i++) {
    const d = values[i] - centre;
    m2 += d * d;
    m3 += d * d * d;
  }
  m2 /= n;
  m3 /= n;
  return m2 === 0 ? 0 : m3 / m2 ** 1.5;
}
