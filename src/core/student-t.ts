/**
 * Student's t distribution: its distribution function and quantiles, for intervals and tests on a mean from a
 * handful of values (glossary: df = degrees of freedom, which may be fractional, as Welch's are).
 *
 * F(t) = 1 - I_x(df / 2, 1 / 2) / 2 for t >= 0, with x = df / (df + t^2) and I the regularised incomplete beta
 * function, evaluated by its continued fraction (modified Lentz); the quantile inverts F by bisection, which
 * is plenty for a few calls per answer and cannot fail to converge.
 */

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(z) for z > 0 (Lanczos, g = 7; about 15 significant digits). */
export function logGamma(z: number): number {
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const x = z - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i] / (x + i);
  const t = x + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The continued fraction of I_x(a, b), good where x < (a + 1) / (a + b + 2). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let f = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    // Even step, then odd step, of the fraction's terms.
    let term = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + term * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + term / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    f *= d * c;
    term = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + term * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + term / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    f *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return f;
}

/** The regularised incomplete beta function I_x(a, b), 0 <= x <= 1, a, b > 0. */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // The fraction converges fast on one side of the mean of the beta distribution; the symmetry covers the other.
  return x < (a + 1) / (a + b + 2) ? (front * betaContinuedFraction(x, a, b)) / a : 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

function requireDf(df: number): void {
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be positive, got ${df}`);
}

/** P(T <= t) for T ~ Student's t with `df` degrees of freedom. */
export function studentTCdf(t: number, df: number): number {
  requireDf(df);
  if (Number.isNaN(t)) return Number.NaN;
  if (t === Number.POSITIVE_INFINITY) return 1;
  if (t === Number.NEGATIVE_INFINITY) return 0;
  const tail = regularizedBeta(df / (df + t * t), df / 2, 0.5) / 2;
  return t >= 0 ? 1 - tail : tail;
}

/** Two-sided p-value of a t statistic: P(|T| >= |t|). */
export function studentTTwoSidedP(t: number, df: number): number {
  requireDf(df);
  return Math.min(1, regularizedBeta(df / (df + t * t), df / 2, 0.5));
}

/** The p-quantile of Student's t with `df` degrees of freedom (0 < p < 1). */
export function studentTQuantile(p: number, df: number): number {
  requireDf(df);
  if (!(p > 0 && p < 1)) throw new RangeError(`p must lie in (0, 1), got ${p}`);
  if (p === 0.5) return 0;
  // The quantile is odd in p - 1/2: solve for the upper tail and mirror.
  const upper = p > 0.5 ? p : 1 - p;
  let low = 0;
  let high = 1;
  while (studentTCdf(high, df) < upper) high *= 2;
  for (let i = 0; i < 200 && high - low > 1e-13 * Math.max(1, high); i++) {
    const mid = (low + high) / 2;
    if (studentTCdf(mid, df) < upper) low = mid;
    else high = mid;
  }
  const q = (low + high) / 2;
  return p > 0.5 ? q : -q;
}
