import { AppError, validationError } from "../../../domain/app-error.js";
import { isUsEquity, resolveSymbol } from "../../../domain/symbol-resolver.js";
import type { Mover, MoverCategory, MoversProvider } from "../port.js";
import { CsvBarStore } from "./csv-bar-store.js";
import { offlineFileStem } from "./offline-file-names.js";

export type OfflineMoversProviderOptions = { marketDataDir: string } | { store: CsvBarStore };

export const MAX_OFFLINE_MOVERS_COUNT = 250;

/**
 * Movers of the offline folder's US stocks on one trading day: only files that hold a US equity (by the
 * symbol resolver's asset classes; funds, crypto, indices, FX, yields and the macro aliases are left
 * out), and of those only the ones whose last bar falls on the most recent last day among them, so every
 * row describes the same session (its `asOfMs`). Each row's change is last close / previous close - 1;
 * name and market cap are unknown offline.
 */
export class OfflineMoversProvider implements MoversProvider {
  readonly name = "offline";
  readonly universe =
    "US stocks of the offline dataset (MARKET_DATA_DIR) whose last bar is the latest such day (as_of); funds, crypto, indices, FX and yields are not ranked";
  private readonly store: CsvBarStore;

  constructor(options: OfflineMoversProviderOptions) {
    this.store = "store" in options ? options.store : new CsvBarStore({ dir: options.marketDataDir });
  }

  async movers(category: MoverCategory, count: number): Promise<Mover[]> {
    if (!Number.isInteger(count) || count < 1 || count > MAX_OFFLINE_MOVERS_COUNT) {
      throw validationError("count", `must be an integer from 1 to ${MAX_OFFLINE_MOVERS_COUNT}`);
    }
    const rows = await this.lastDayRows();
    let ranked: Mover[];
    if (category === "gainers") {
      ranked = rows.filter((r) => r.changePct > 0).sort((a, b) => b.changePct - a.changePct);
    } else if (category === "losers") {
      ranked = rows.filter((r) => r.changePct < 0).sort((a, b) => a.changePct - b.changePct);
    } else {
      ranked = rows.filter((r) => r.volume !== null).sort((a, b) => (b.volume ?? 0) - (a.volume ?? 0));
    }
    return ranked.slice(0, count);
  }

  /** The US-equity files' last-day rows, restricted to the most recent common day. */
  private async lastDayRows(): Promise<Mover[]> {
    const rows: Mover[] = [];
    for (const stem of await this.store.stems()) {
      if (!holdsUsEquity(stem)) continue;
      const bars = await this.store.bars(stem);
      const last = bars?.at(-1);
      const previous = bars?.at(-2);
      if (!last || !previous || previous.close === 0) continue;
      rows.push({
        symbol: stem,
        name: null,
        price: last.close,
        changePct: last.close / previous.close - 1,
        volume: last.volume,
        marketCap: null,
        asOfMs: last.tsMs,
      });
    }
    const asOfMs = Math.max(...rows.map((r) => r.asOfMs as number));
    return rows.filter((r) => r.asOfMs === asOfMs);
  }
}

/** A file named after a US stock's own symbol (not an alias target such as GOLD, which holds gold futures). */
function holdsUsEquity(stem: string): boolean {
  try {
    const symbol = resolveSymbol(stem);
    return offlineFileStem(symbol.source) === stem && isUsEquity(symbol);
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}
