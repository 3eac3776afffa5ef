/**
 * Ledoit-Wolf shrinkage of a sample covariance matrix toward a scaled identity (Ledoit & Wolf 2004, "A
 * well-conditioned estimator for large-dimensional covariance matrices"). With p assets, n observations,
 * x_t the demeaned return vectors, S = (1/n) sum x_t x_t', m = tr(S)/p and the normalised Frobenius norm
 * ||A||^2 = tr(A A')/p:
 *   d^2 = ||S - m I||^2,  b^2 = min(d^2, (1/n^2) sum_t ||x_t x_t' - S||^2),  delta = b^2 / d^2,
 *   Sigma = delta m I + (1 - delta) S.
 * delta in [0, 1] is the shrinkage intensity: 0 keeps S, 1 is the identity scaled to the average variance.
 * A sample covariance of few observations over many assets is noisy and ill-conditioned, which
 * mean-variance optimisation amplifies into extreme weights; shrinking trades a little bias for much less noise.
 */
export interface ShrunkCovariance {
  /** Row-major p x p, per observation (not annualised), with S divided by n as in the paper. */
  cov: Float64Array[];
  intensity: number;
}

export function ledoitWolf(returns: readonly Float64Array[]): ShrunkCovariance {
  const p = returns.length;
  const n = p === 0 ? 0 : returns[0].length;
  if (n < 2) throw new RangeError(`ledoitWolf needs at least 2 observations, got ${n}`);
  const centred = returns.map((column) => {
    const mean = column.reduce((s, x) => s + x, 0) / n;
    return Float64Array.from(column, (x) => x - mean);
  });
  const sample = Array.from({ length: p }, () => new Float64Array(p));
  for (let a = 0; a < p; a++) {
    for (let b = a; b < p; b++) {
      let sum = 0;
      for (let t = 0; t < n; t++) sum += centred[a][t] * centred[b][t];
      sample[a][b] = sum / n;
      sample[b][a] = sum / n;
    }
  }
  let trace = 0;
  for (let a = 0; a < p; a++) trace += sample[a][a];
  const m = trace / p;
  let d2 = 0;
  for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) d2 += (sample[a][b] - (a === b ? m : 0)) ** 2;
  d2 /= p;
  let bBar2 = 0;
  for (let t = 0; t < n; t++) {
    let norm = 0;
    for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) norm += (centred[a][t] * centred[b][t] - sample[a][b]) ** 2;
    bBar2 += norm / p;
  }
  bBar2 /= n * n;
  const intensity = d2 === 0 ? 1 : Math.min(bBar2, d2) / d2;
  const cov = sample.map((row, a) => Float64Array.from(row, (value, b) => (1 - intensity) * value + (a === b ? intensity * m : 0)));
  return { cov, intensity };
}
