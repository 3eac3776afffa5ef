/**
 * The worker threads' own cache of prepared series. A job carries plain arrays (a PreparedSeries cannot
 * cross threads), so without this every job would rebuild the rolling statistics and kernel indexes the
 * main thread used to reuse across queries. An entry is found by the caller's key (ticker and timeframe)
 * and reused only when its values and gap markers equal the job's element for element, so a refreshed or
 * differently spelled history can never be answered from a stale copy: results stay exactly those of a
 * fresh preparation.
 */
import { prepareSeries, type PreparedSeries } from "../../core/prepared-series.js";

/** A universe search holds 17 series; a few more leave room for screens' tickers. Each entry keeps a
 * copy of its series plus the small LRUs of PreparedSeries (a few MB at most for daily histories). */
const MAX_ENTRIES = 24;

const entries = new Map<string, PreparedSeries>();

export function preparedFor(key: string | undefined, values: Float64Array, breakBefore: Uint8Array): PreparedSeries {
  if (key === undefined) return prepareSeries(values, breakBefore);
  const hit = entries.get(key);
  entries.delete(key);
  const prepared = hit !== undefined && sameValues(hit.values, values) && sameValues(hit.breakBefore, breakBefore) ? hit : prepareSeries(values, breakBefore);
  entries.set(key, prepared);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  return prepared;
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
