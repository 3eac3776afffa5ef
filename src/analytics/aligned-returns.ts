import type { PriceSeries } from "./price-series.js";

/** Several series' closes on the bar times they all share. */
export interface AlignedCloses {
  /** Common bar times (epoch ms), ascending. Daily bars are midnight UTC of the trading date. */
  timesMs: Float64Array;
  /** closes[s][t] is the close of series s at timesMs[t]. */
  closes: Float64Array[];
}

/** Simple returns between consecutive common bar times. */
export interface AlignedReturns {
  /** Time of the close each return ends at. */
  timesMs: Float64Array;
  /** returns[s][t] = closes[s][t] / closes[s][t - 1] - 1 on the aligned timeline, decimal. */
  returns: Float64Array[];
  /** How many returns were dropped because a price was not positive or not finite. */
  droppedReturns: number;
}

/**
 * The bar times every series has (an intersection, not a fill): a date one market skips is skipped for
 * all, so the same calendar span sits behind every series' return. Optionally only times in [fromMs, toMs).
 */
export function alignCloses(series: readonly PriceSeries[], fromMs = -Infinity, toMs = Infinity): AlignedCloses {
  if (series.length === 0) return { timesMs: new Float64Array(0), closes: [] };
  const cursors = series.map(() => 0);
  const times: number[] = [];
  const picked: number[][] = series.map(() => []);
  const first = series[0];
  for (let i = 0; i < first.timesMs.length; i++) {
    const t = first.timesMs[i];
    if (t < fromMs) continue;
    if (t >= toMs) break;
    let everywhere = true;
    for (let s = 1; s < series.length; s++) {
      const other = series[s].timesMs;
      while (cursors[s] < other.length && other[cursors[s]] < t) cursors[s] += 1;
      if (cursors[s] >= other.length || other[cursors[s]] !== t) everywhere = false;
    }
    if (!everywhere) continue;
    times.push(t);
    picked[0].push(first.closes[i]);
    for (let s = 1; s < series.length; s++) picked[s].push(series[s].closes[cursors[s]]);
  }
  return { timesMs: Float64Array.from(times), closes: picked.map((c) => Float64Array.from(c)) };
}

/**
 * Returns from each common close to the next. A simple return across a price that is not positive (WTI
 * traded below zero in April 2020) or not finite means nothing, so that date is dropped for every series
 * (listwise): all series keep exactly the same dates and every pairwise figure rests on the same sample.
 */
export function alignedReturns(aligned: AlignedCloses): AlignedReturns {
  const n = aligned.timesMs.length;
  const times: number[] = [];
  const out: number[][] = aligned.closes.map(() => []);
  let dropped = 0;
  for (let t = 1; t < n; t++) {
    const usable = aligned.closes.every((c) => c[t - 1] > 0 && c[t] > 0 && Number.isFinite(c[t - 1]) && Number.isFinite(c[t]));
    if (!usable) {
      dropped += 1;
      continue;
    }
    times.push(aligned.timesMs[t]);
    aligned.closes.forEach((c, s) => out[s].push(c[t] / c[t - 1] - 1));
  }
  return { timesMs: Float64Array.from(times), returns: out.map((r) => Float64Array.from(r)), droppedReturns: dropped };
}
