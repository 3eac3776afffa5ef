/**
 * Simple (arithmetic) returns as decimals: 0.012 means +1.2 %. The one implementation every analysis uses
 * (window returns, forward outcomes, anchored moves, trailing returns, panel steps). A return that touches
 * a non-finite or zero price is NaN rather than an error, so one bad bar does not hide every other return;
 * callers filter. Glossary: n = number of prices.
 */

/** r[i] = prices[i + 1] / prices[i] - 1, for i < n - 1 (empty for fewer than two prices). */
export function simpleReturns(prices: ArrayLike<number>): Float64Array {
  const n = prices.length;
  const out = new Float64Array(Math.max(0, n - 1));
  for (let i = 0; i + 1 < n; i++) out[i] = ratioMinusOne(prices[i + 1], prices[i]);
  return out;
}

/** prices[to] / prices[from] - 1: the return from one bar to another (NaN when either price is bad or from's is zero). */
export function returnBetween(prices: ArrayLike<number>, from: number, to: number): number {
  return ratioMinusOne(prices[to], prices[from]);
}

/** Return inside the window [start, start + m): its last price over its first, minus one. */
export function windowReturn(prices: ArrayLike<number>, start: number, m: number): number {
  return ratioMinusOne(prices[start + m - 1], prices[start]);
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
