/** Return over a window of bars: last close over first close, minus one. */
export function windowReturn(closes: Float64Array, start: number, m: number): number {
  return closes[start + m - 1] / closes[start] - 1;
}
