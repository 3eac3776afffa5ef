import { AppError } from "../domain/app-error.js";
import { DAY_MS, formatBarTime } from "../domain/bar.js";
import type { Clock } from "../domain/clock.js";
import { resolveSymbol } from "../domain/symbol-resolver.js";
import type { CsvBarStore } from "../providers/prices/offline/csv-bar-store.js";
import type { PriceProvider } from "../providers/prices/port.js";
import { OFFLINE_HINT } from "../providers/prices/yahoo/yahoo-finance-client.js";

export interface MarketDataCheck {
  mode: "offline" | "live";
  /** False when the live source could not be reached: every market-data call will answer 503. */
  ok: boolean;
  /** One line for the startup log: which mode data is in and, when it is not working, what to do. */
  message: string;
}

/**
 * Says at start what mode market data is in and whether it works, so a newcomer without internet learns
 * why every data call is a 503 before paying for one. Live: one request for SPY's last days through the
 * configured provider (its own timeout and retries). Offline: what the folder holds and how old it is.
 */
export async function checkMarketData(prices: PriceProvider, clock: Clock, offline: { dir: string; store: CsvBarStore } | undefined): Promise<MarketDataCheck> {
  if (offline !== undefined) {
    const lastDays = await lastDaysOf(offline.store);
    lastDays.sort();
    const span = lastDays.length === 0 ? "no readable CSV file" : `${lastDays.length} files whose last bars run from ${lastDays[0]} to ${lastDays.at(-1)}`;
    return {
      mode: "offline",
      ok: lastDays.length > 0,
      message:
        `Market data is OFFLINE from ${offline.dir} (${span}); answers say source "offline" and how old each bar is. ` +
        "Unset MARKET_DATA_DIR for live Yahoo Finance data.",
    };
  }
  const nowMs = clock.nowMs();
  try {
    const bars = await prices.bars(resolveSymbol("SPY"), "1d", nowMs - 10 * DAY_MS, nowMs + DAY_MS);
    const last = bars.at(-1);
    return {
      mode: "live",
      ok: true,
      message: `Market data is LIVE from ${prices.name} (reachable${last === undefined ? "" : `; SPY's last bar ${formatBarTime(last.tsMs, "1d")}`}).`,
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      mode: "live",
      ok: false,
      message:
        `Market data is LIVE from ${prices.name}, but it is UNREACHABLE (${error.code}: ${error.message.replace(` ${OFFLINE_HINT}`, "")}); ` +
        `every market-data call will answer 503 until it is back. ${OFFLINE_HINT}`,
    };
  }
}

/**
 * Tail reads under way at once. One at a time, each file's four file-system round trips wait in turn for the
 * event loop, which the warm-up keeps busy: the first check of 617 files took ~515 ms that way against ~86 ms
 * 16 at a time (a machine shared with other jobs). 16 keep libuv's 4 threads fed without holding hundreds of
 * file handles open.
 */
const TAIL_READS_AT_ONCE = 16;

/** The last row's date of every file that has one, read from each file's tail: the check parses no file (the store reads them on first use). */
async function lastDaysOf(store: CsvBarStore): Promise<string[]> {
  const stems = await store.stems();
  const lastDays: string[] = [];
  let next = 0;
  const reader = async () => {
    while (next < stems.length) {
      const last = await store.lastDate(stems[next++]);
      if (last !== null) lastDays.push(last);
    }
  };
  await Promise.all(Array.from({ length: Math.min(TAIL_READS_AT_ONCE, stems.length) }, reader));
  return lastDays;
}
