/**
 * Pearson correlation and what a correlation matrix says about diversification. Inputs are equal-length
 * arrays of finite numbers on the same dates (see aligned-returns.ts).
 */

/** Pearson correlation of x and y (two-pass, centred); null when either side has no variance or n < 2. */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  const n = Math.min(x.length, y.length);
  if (n < 2) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i];
    my += y[i];
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i] - mx;
    const dy = y[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  // Rounding can push |r| a hair past 1 for (anti-)identical series.
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

/** The full symmetric matrix; the diagonal is 1, or null for a series without variance. */
export function correlationMatrix(columns: readonly ArrayLike<number>[]): (number | null)[][] {
  const size = columns.length;
  const matrix: (number | null)[][] = columns.map(() => new Array<number | null>(size).fill(null));
  for (let a = 0; a < size; a++) {
    for (let b = a; b < size; b++) {
      const r = pearson(columns[a], columns[b]);
      matrix[a][b] = a === b && r !== null ? 1 : r;
      matrix[b][a] = matrix[a][b];
    }
  }
  return matrix;
}

export interface Diversification {
  /** 1 - mean off-diagonal correlation: 0 when everything moves together, 1 when uncorrelated on average, up to 2. */
  score: number | null;
  meanCorrelation: number | null;
  /**
   * Effective number of independent bets, N^2 / sum of squared matrix entries: the participation ratio
   * (sum of eigenvalues)^2 / sum of squared eigenvalues of the correlation matrix (trace C = N, trace C^2 =
   * sum c_ij^2), 1 when all move as one, N when all are uncorrelated.
   */
  effectiveBets: number | null;
}

/** Diversification figures of a correlation matrix; null when an entry is undefined (a series without variance). */
export function diversification(matrix: readonly (readonly (number | null)[])[]): Diversification {
  const size = matrix.length;
  let offSum = 0;
  let offCount = 0;
  let squares = 0;
  for (let a = 0; a < size; a++) {
    for (let b = 0; b < size; b++) {
      const r = matrix[a][b];
      if (r === null) return { score: null, meanCorrelation: null, effectiveBets: null };
      squares += r * r;
      if (a !== b) {
        offSum += r;
        offCount += 1;
      }
    }
  }
  if (offCount === 0) return { score: null, meanCorrelation: null, effectiveBets: null };
  const meanCorrelation = offSum / offCount;
  return { score: 1 - meanCorrelation, meanCorrelation, effectiveBets: (size * size) / squares };
}
