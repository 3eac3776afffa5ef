/**
 * Ordinary least squares of y on an intercept and k regressors, with classical (homoskedastic) standard
 * errors: Var(b) = s² (X'X)⁻¹, s² = RSS / (n - k - 1). Solved by Cholesky on the normal equations, which
 * is accurate for the handful of well-scaled daily-return regressors used here; a (near-)singular X'X
 * (a regressor that is constant or a combination of others) is reported, not solved.
 */
export interface OlsFit {
  n: number;
  /** Intercept per observation period (daily), and its standard error. */
  intercept: number;
  interceptStdError: number;
  betas: Float64Array;
  betaStdErrors: Float64Array;
  rSquared: number;
  adjustedRSquared: number;
  /** sqrt(RSS / (n - k - 1)), per observation period. */
  residualStd: number;
}

export type OlsOutcome = { kind: "ok"; fit: OlsFit } | { kind: "singular" } | { kind: "too_few_observations"; needed: number };

/** Relative pivot size under which X'X counts as singular. */
const PIVOT_TOLERANCE = 1e-12;

export function olsWithIntercept(y: Float64Array, regressors: readonly Float64Array[]): OlsOutcome {
  const n = y.length;
  const k = regressors.length;
  const p = k + 1;
  if (n < p + 2) return { kind: "too_few_observations", needed: p + 2 };
  const column = (j: number, t: number) => (j === 0 ? 1 : regressors[j - 1][t]);

  const xtx = Array.from({ length: p }, () => new Float64Array(p));
  const xty = new Float64Array(p);
  for (let a = 0; a < p; a++) {
    for (let t = 0; t < n; t++) xty[a] += column(a, t) * y[t];
    for (let b = a; b < p; b++) {
      let sum = 0;
      for (let t = 0; t < n; t++) sum += column(a, t) * column(b, t);
      xtx[a][b] = sum;
      xtx[b][a] = sum;
    }
  }
  const chol = cholesky(xtx);
  if (chol === null) return { kind: "singular" };
  const coef = choleskySolve(chol, xty);
  const inverse = Array.from({ length: p }, (_, j) => choleskySolve(chol, Float64Array.from({ length: p }, (_, i) => (i === j ? 1 : 0))));

  let rss = 0;
  let yMean = 0;
  for (let t = 0; t < n; t++) yMean += y[t] / n;
  let tss = 0;
  for (let t = 0; t < n; t++) {
    let fitted = 0;
    for (let j = 0; j < p; j++) fitted += coef[j] * column(j, t);
    rss += (y[t] - fitted) ** 2;
    tss += (y[t] - yMean) ** 2;
  }
  const dof = n - p;
  const s2 = rss / dof;
  const rSquared = tss > 0 ? 1 - rss / tss : 0;
  return {
    kind: "ok",
    fit: {
      n,
      intercept: coef[0],
      interceptStdError: Math.sqrt(s2 * inverse[0][0]),
      betas: coef.slice(1),
      betaStdErrors: Float64Array.from({ length: k }, (_, j) => Math.sqrt(s2 * inverse[j + 1][j + 1])),
      rSquared,
      adjustedRSquared: 1 - ((1 - rSquared) * (n - 1)) / dof,
      residualStd: Math.sqrt(s2),
    },
  };
}

/** Lower-triangular L with L L' = A, or null when a pivot is not clearly positive. */
function cholesky(a: readonly Float64Array[]): Float64Array[] | null {
  const p = a.length;
  const l = Array.from({ length: p }, () => new Float64Array(p));
  for (let i = 0; i < p; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i][j];
      for (let m = 0; m < j; m++) sum -= l[i][m] * l[j][m];
      if (i === j) {
        if (!(sum > PIVOT_TOLERANCE * Math.max(a[i][i], Number.MIN_VALUE))) return null;
        l[i][i] = Math.sqrt(sum);
      } else {
        l[i][j] = sum / l[j][j];
      }
    }
  }
  return l;
}

function choleskySolve(l: readonly Float64Array[], b: Float64Array): Float64Array {
  const p = l.length;
  const z = new Float64Array(p);
  for (let i = 0; i < p; i++) {
    let sum = b[i];
    for (let m = 0; m < i; m++) sum -= l[i][m] * z[m];
    z[i] = sum / l[i][i];
  }
  const x = new Float64Array(p);
  for (let i = p - 1; i >= 0; i--) {
    let sum = z[i];
    for (let m = i + 1; m < p; m++) sum -= l[m][i] * x[m];
    x[i] = sum / l[i][i];
  }
  return x;
}
