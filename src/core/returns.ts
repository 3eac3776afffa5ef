/**
 * Simple (arithmetic) returns as decimals: 0.012 means +1.2 %. A return that touches a non-finite or
 * zero price is NaN rather than an error, so one bad bar does not hide every other return; callers filter.
 * Glossary: n = number of prices.
 */

/** r[i] = prices[i + 1] / prices[i] - 1, for i < n - 1 (empty for fewer than two prices). */
export function simpleReturns(prices: ArrayLike<number>): Float64Array {
  const n = prices.length;
  const out = new Float64Array(Math.max(0, n - 1));
  for (let i = 0; i + 1 < n; i++) out[i] = ratioMinusOne(prices[i + 1], prices[i]);
  return out;
}

/**
 * Return from the bar at `from` to the bar `horizon` bars later: prices[from + horizon] / prices[from] - 1.
 * NaN when that bar lies past the end of the series (the future is not known yet).
 */
export function forwardReturn(prices: ArrayLike<number>, from: number, horizon: number): number {
  if (!Number.isInteger(from) || from < 0 || from >= prices.length) {
    throw new RangeError(`from must be an index into the ${prices.length} prices, got ${from}`);
  }
  if (!Number.isInteger(horizon) || horizon < 1) throw new RangeError(`horizon must be an integer >= 1, got ${horizon}`);
  const to = from + horizon;
  return to < prices.length ? ratioMinusOne(prices[to], prices[from]) : Number.NaN;
}

function ratioMinusOne(later: number, earlier: number): number {
  if (!Number.isFinite(later) || !Number.isFinite(earlier) || earlier === 0) return Number.NaN;
  return later / earlier - 1;
}
