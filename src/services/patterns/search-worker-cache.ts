/**
 * The worker threads' own cache of prepared series. A job carries plain arrays (a PreparedSeries cannot
 * cross threads), so without this every job would rebuild the rolling statistics and kernel indexes the
 * main thread used to reuse across queries. An entry is found by the caller's key (ticker and timeframe)
 * and reused only when its values and gap markers equal the job's element for element, so a refreshed or
 * differently spelled history can never be answered from a stale copy: results stay exactly those of a
 * fresh preparation.
 */
import type { PriceSeries } from "../../analytics/price-series.js";
import { prepareSeries, type PreparedSeries } from "../../core/prepared-series.js";
import type { TaskSeries } from "./worker-tasks.js";

/** A universe search holds 17 series; a few more leave room for screens' tickers. Each entry keeps a
 * copy of its series plus the small LRUs of PreparedSeries (a few MB at most for daily histories), and for a
 * task's history the whole history too (times and OHLC: ~0.4 MB for 11k daily bars). */
const MAX_ENTRIES = 24;

interface Entry {
  prepared: PreparedSeries;
  /** Set once a task has used this history: the copy its per-history memos are keyed on. */
  history?: PriceSeries;
}

const entries = new Map<string, Entry>();

export function preparedFor(key: string | undefined, values: Float64Array, breakBefore: Uint8Array): PreparedSeries {
  return entryFor(key, values, breakBefore).prepared;
}

/**
 * A task's history: the first copy received under this key while it stays the same, so that the memos keyed
 * on a history object (baselines, log returns) serve later tasks; a history that differs in any bar, time or
 * name replaces it.
 */
export function historyFor(key: string, history: PriceSeries): TaskSeries {
  const entry = entryFor(key, history.closes, history.breakBefore);
  // Equal closes and gap markers are already known (entryFor); the rest of the history is compared here.
  if (entry.history === undefined || !sameRest(entry.history, history)) entry.history = history;
  return { series: entry.history, prepared: entry.prepared };
}

function entryFor(key: string | undefined, values: Float64Array, breakBefore: Uint8Array): Entry {
  if (key === undefined) return { prepared: prepareSeries(values, breakBefore) };
  const hit = entries.get(key);
  entries.delete(key);
  const entry = hit !== undefined && sameValues(hit.prepared.values, values) && sameValues(hit.prepared.breakBefore, breakBefore) ? hit : { prepared: prepareSeries(values, breakBefore) };
  entries.set(key, entry);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  return entry;
}

function sameRest(a: PriceSeries, b: PriceSeries): boolean {
  return a.ticker === b.ticker && a.timeframe === b.timeframe && sameValues(a.timesMs, b.timesMs) && sameValues(a.opens, b.opens) && sameValues(a.highs, b.highs) && sameValues(a.lows, b.lows);
}

/** Drops one entry (the warm-up's generated series, so they never take a real series' place). */
export function forgetPrepared(key: string): void {
  entries.delete(key);
}

/** Element-wise and bit-exact (Object.is, so NaN equals NaN and -0 differs from 0). */
function sameValues(a: Float64Array | Uint8Array | undefined, b: Float64Array | Uint8Array): boolean {
  if (a === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}
