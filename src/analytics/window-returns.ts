import { lowerBound } from "./price-series.js";

const DAY_MS = 86_400_000;

/** Return over a window of bars: last close over first close, minus one. */
export function windowReturn(closes: Float64Array, start: number, m: number): number {
  return closes[start + m - 1] / closes[start] - 1;
}

/**
 * Return from the close of bar `endIndex` to the close `days` calendar days later: the last bar on or
 * before that moment. `null` unless the history really reaches that far (a bar exists at or after the
 * horizon), so a figure never rests on a horizon the data has not lived through yet.
 */
export function calendarForwardReturn(timesMs: Float64Array, closes: Float64Array, endIndex: number, days: number): number | null {
  const horizonMs = timesMs[endIndex] + days * DAY_MS;
  const firstAtOrAfter = lowerBound(timesMs, horizonMs);
  if (firstAtOrAfter >= timesMs.length) return null;
  const atOrBefore = timesMs[firstAtOrAfter] === horizonMs ? firstAtOrAfter : firstAtOrAfter - 1;
  if (atOrBefore <= endIndex) return null;
  return closes[atOrBefore] / closes[endIndex] - 1;
}
