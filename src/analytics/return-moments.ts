/**
 * Annualisation conventions and the first two moments of a panel of daily returns.
 *
 * Daily figures are annualised by the number of return observations in a year: 252 trading days, or
 * 365 calendar days when every series trades every day (a crypto-only book, whose shared dates include
 * weekends). A book that mixes crypto with anything traded on an exchange calendar is aligned to the dates
 * all its series share, which are exchange trading days, so 252 applies; the crypto leg's Friday-to-Monday
 * move then sits in one observation.
 */
export const TRADING_DAYS_PER_YEAR = 252;
export const CALENDAR_DAYS_PER_YEAR = 365;

export function periodsPerYear(everySeriesTradesDaily: boolean): number {
  return everySeriesTradesDaily ? CALENDAR_DAYS_PER_YEAR : TRADING_DAYS_PER_YEAR;
}

export interface AnnualMoments {
  /** Arithmetic mean daily return times periods per year, per asset. */
  meanAnnual: Float64Array;
  /** Sample covariance (n - 1) of daily returns times periods per year, row-major k x k. */
  covAnnual: Float64Array[];
  n: number;
}

/** Mean vector and sample covariance of equally long return columns, annualised. */
export function annualMoments(returns: readonly Float64Array[], perYear: number): AnnualMoments {
  const k = returns.length;
  const n = k === 0 ? 0 : returns[0].length;
  if (n < 2) throw new RangeError(`annualMoments needs at least 2 observations, got ${n}`);
  const means = returns.map((column) => column.reduce((sum, x) => sum + x, 0) / n);
  const covAnnual = Array.from({ length: k }, () => new Float64Array(k));
  for (let a = 0; a < k; a++) {
    for (let b = a; b < k; b++) {
      let sum = 0;
      for (let t = 0; t < n; t++) sum += (returns[a][t] - means[a]) * (returns[b][t] - means[b]);
      const value = (sum / (n - 1)) * perYear;
      covAnnual[a][b] = value;
      covAnnual[b][a] = value;
    }
  }
  return { meanAnnual: Float64Array.from(means, (m) => m * perYear), covAnnual, n };
}

/** w' mu and sqrt(w' Sigma w). */
export function portfolioMoments(weights: Float64Array, moments: Pick<AnnualMoments, "meanAnnual" | "covAnnual">): { ret: number; vol: number } {
  let ret = 0;
  let variance = 0;
  for (let a = 0; a < weights.length; a++) {
    ret += weights[a] * moments.meanAnnual[a];
    for (let b = 0; b < weights.length; b++) variance += weights[a] * moments.covAnnual[a][b] * weights[b];
  }
  return { ret, vol: Math.sqrt(Math.max(variance, 0)) };
}
