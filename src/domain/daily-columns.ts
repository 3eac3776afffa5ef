import { DAY_MS, type Bar } from "./bar.js";

/**
 * One daily history as columns: what the offline store keeps in memory instead of one object per bar
 * (44 bytes a bar here against about 100 as objects). Days are whole days since 1970-01-01 UTC (a daily
 * bar's time is midnight UTC of its date); a bar without volume holds NaN.
 */
export interface DailyColumns {
  days: Int32Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** Bytes the columns of `length` bars take (the store's memory bound counts these). */
export function dailyColumnsBytes(length: number): number {
  return length * (4 + 5 * 8);
}

/** The columns as bar objects, for callers that take bars (tsMs = midnight UTC of the day). */
export function columnsToBars(columns: DailyColumns, from = 0, to = columns.days.length): Bar[] {
  const bars: Bar[] = new Array(Math.max(0, to - from));
  for (let i = from; i < to; i++) {
    const volume = columns.volume[i];
    bars[i - from] = {
      tsMs: columns.days[i] * DAY_MS,
      open: columns.open[i],
      high: columns.high[i],
      low: columns.low[i],
      close: columns.close[i],
      volume: Number.isNaN(volume) ? null : volume,
    };
  }
  return bars;
}

/** First index whose day starts at or after `tsMs` (days ascend). */
export function firstDayAtOrAfter(columns: DailyColumns, tsMs: number): number {
  const day = Math.ceil(tsMs / DAY_MS);
  let lo = 0;
  let hi = columns.days.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (columns.days[mid] < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Daily bars as columns in shared memory (a stored history read from the database, for a universe search). */
export function barsToColumns(bars: readonly Bar[]): DailyColumns {
  const n = bars.length;
  const float = () => new Float64Array(new SharedArrayBuffer(8 * n));
  const columns: DailyColumns = { days: new Int32Array(new SharedArrayBuffer(4 * n)), open: float(), high: float(), low: float(), close: float(), volume: float() };
  bars.forEach((bar, i) => {
    columns.days[i] = Math.floor(bar.tsMs / DAY_MS);
    columns.open[i] = bar.open;
    columns.high[i] = bar.high;
    columns.low[i] = bar.low;
    columns.close[i] = bar.close;
    columns.volume[i] = bar.volume ?? Number.NaN;
  });
  return columns;
}
