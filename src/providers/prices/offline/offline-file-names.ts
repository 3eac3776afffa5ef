import { ownValue } from "../../../domain/own-value.js";

/**
 * Which file of the offline dataset (`<MARKET_DATA_DIR>/<STEM>.csv`) holds a resolved `source`
 * symbol. Most files are named after the Yahoo symbol (`AAPL`, `SPY`, `BTC-USD`); the shared
 * dataset's macro files use plain names instead, mapped here:
 *
 * | source     | file   | what the file really is                                          |
 * |------------|--------|------------------------------------------------------------------|
 * | `GC=F`     | GOLD   | COMEX gold front-month futures (Yahoo GC=F itself)               |
 * | `^VIX`     | VIX    | CBOE VIX                                                         |
 * | `^TNX`     | US10Y  | 10-year Treasury yield in percent (Yahoo ^TNX)                   |
 * | `EURUSD=X` | EURUSD | EUR/USD spot (Yahoo EURUSD=X)                                    |
 * | `CL=F`     | WTI    | EIA WTI Cushing SPOT price, a proxy for the futures (O=H=L=C)    |
 * | `BZ=F`     | BRENT  | EIA Brent SPOT price, a proxy for the futures (O=H=L=C)          |
 *
 * Alias targets are reserved: the plain source `GOLD` (Barrick Gold's ticker) must never be served
 * the gold-futures file, so such names resolve only through their alias.
 */
export const OFFLINE_FILE_ALIASES: Readonly<Record<string, string>> = {
  "GC=F": "GOLD",
  "^VIX": "VIX",
  "^TNX": "US10Y",
  "EURUSD=X": "EURUSD",
  "CL=F": "WTI",
  "BZ=F": "BRENT",
};

const RESERVED_STEMS: ReadonlySet<string> = new Set(Object.values(OFFLINE_FILE_ALIASES));
/** Also keeps a symbol from naming a path outside the folder. */
const SAFE_STEM_RE = /^[A-Z0-9][A-Z0-9.-]{0,30}$/;

/** The file stem for a source symbol, or null when the offline dataset cannot hold it. */
export function offlineFileStem(source: string): string | null {
  const aliased = ownValue(OFFLINE_FILE_ALIASES, source);
  if (aliased) return aliased;
  if (RESERVED_STEMS.has(source) || !SAFE_STEM_RE.test(source)) return null;
  return source;
}

