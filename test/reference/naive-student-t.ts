/**
 * Student's t distribution function from its definition, for tests: the density integrated numerically
 * (Simpson's rule on a substitution that maps the real line to a finite interval).
 * Slow and simple on purpose: an oracle shares no code with src/core/student-t.ts.
 */

function density(t: number, df: number): number {
  // Γ((df+1)/2) / (√(df π) Γ(df/2)) (1 + t²/df)^(-(df+1)/2), on a log scale.
  const logC = lnGammaNaive((df + 1) / 2) - lnGammaNaive(df / 2) - 0.5 * Math.log(df * Math.PI);
  return Math.exp(logC - ((df + 1) / 2) * Math.log(1 + (t * t) / df));
}

/** ln Γ by the reflection-free series of Stirling after shifting the argument above 20. */
function lnGammaNaive(z: number): number {
  let shift = 0;
  while (z < 20) {
    shift -= Math.log(z);
    z += 1;
  }
  return shift + (z - 0.5) * Math.log(z) - z + 0.5 * Math.log(2 * Math.PI) + 1 / (12 * z) - 1 / (360 * z ** 3) + 1 / (1260 * z ** 5);
}

/** P(T <= t): the integral of the density from -∞ to t, with t = tan(θ) mapping (-π/2, atan t]. */
export function naiveStudentTCdf(t: number, df: number): number {
  const top = Math.atan(t);
  const bottom = -Math.PI / 2;
  const steps = 4_000;
  const h = (top - bottom) / steps;
  const f = (theta: number) => {
    const c = Math.cos(theta);
    return c === 0 ? 0 : density(Math.tan(theta), df) / (c * c);
  };
  let sum = f(bottom) + f(top);
  for (let i = 1; i < steps; i++) sum += f(bottom + i * h) * (i % 2 === 1 ? 4 : 2);
  return (sum * h) / 3;
}

/** The p-quantile by bisection on the integrated distribution function. */
export function naiveStudentTQuantile(p: number, df: number): number {
  let low = -60;
  let high = 60;
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    if (naiveStudentTCdf(mid, df) < p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}
