import { DAY_MS, TIMEFRAME_MS, type Bar, type Timeframe } from "../domain/bar.js";
import type { DailyColumns } from "../domain/daily-columns.js";

/** One symbol's whole stored history as columns, the shape the numeric core works on. */
export interface PriceSeries {
  ticker: string;
  timeframe: Timeframe;
  timesMs: Float64Array;
  opens: Float64Array;
  highs: Float64Array;
  lows: Float64Array;
  closes: Float64Array;
  /** breakBefore[i] = 1 when bars i-1 and i are further apart than the market's normal closures allow. */
  breakBefore: Uint8Array;
}

/**
 * The longest quiet spell that is still a normal market closure: a weekend plus a holiday (Friday close to
 * Tuesday open is 4 days). Anything longer (the 2001-09-11 closure, a data hole, a delisting pause) is a
 * gap, and no analog window may span it. The rule is the same for intraday bars, whose overnight and
 * weekend pauses are closures too.
 */
export const MAX_CLOSURE_MS = 4 * 86_400_000;

export function gapBreaks(timesMs: Float64Array, timeframe: Timeframe): Uint8Array {
  const breaks = new Uint8Array(timesMs.length);
  const limit = MAX_CLOSURE_MS + TIMEFRAME_MS[timeframe];
  for (let i = 1; i < timesMs.length; i++) if (timesMs[i] - timesMs[i - 1] > limit) breaks[i] = 1;
  return breaks;
}

export function toPriceSeries(ticker: string, timeframe: Timeframe, bars: readonly Bar[]): PriceSeries {
  const n = bars.length;
  const series: PriceSeries = {
    ticker,
    timeframe,
    timesMs: new Float64Array(n),
    opens: new Float64Array(n),
    highs: new Float64Array(n),
    lows: new Float64Array(n),
    closes: new Float64Array(n),
    breakBefore: new Uint8Array(0),
  };
  bars.forEach((b, i) => {
    series.timesMs[i] = b.tsMs;
    series.opens[i] = b.open;
    series.highs[i] = b.high;
    series.lows[i] = b.low;
    series.closes[i] = b.close;
  });
  series.breakBefore = gapBreaks(series.timesMs, timeframe);
  return series;
}

/**
 * A daily history held as columns, as a series without copying its prices: opens, highs, lows and closes are the
 * columns themselves (shared memory, so posting them to a search worker hands them over); only the times and gap
 * markers are built, in shared memory too. Nothing writes to a series, so sharing the columns is safe.
 */
export function dailyColumnsSeries(ticker: string, columns: DailyColumns): PriceSeries {
  const n = columns.days.length;
  const timesMs = new Float64Array(new SharedArrayBuffer(8 * n));
  for (let i = 0; i < n; i++) timesMs[i] = columns.days[i] * DAY_MS;
  const breakBefore = new Uint8Array(new SharedArrayBuffer(n));
  breakBefore.set(gapBreaks(timesMs, "1d"));
  return { ticker, timeframe: "1d", timesMs, opens: columns.open, highs: columns.high, lows: columns.low, closes: columns.close, breakBefore };
}

/** Index range [start, end) of the bars whose start time lies in [fromMs, toMs). */
export function indexRange(timesMs: Float64Array, fromMs: number, toMs: number): [number, number] {
  return [lowerBound(timesMs, fromMs), lowerBound(timesMs, toMs)];
}

/** First index whose time is >= t (binary search; times ascend). */
export function lowerBound(timesMs: Float64Array, t: number): number {
  let lo = 0;
  let hi = timesMs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (timesMs[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose time is > t (binary search; times ascend): lowerBound's counterpart for an inclusive end. */
export function upperBound(timesMs: Float64Array, t: number): number {
  let lo = 0;
  let hi = timesMs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (timesMs[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
