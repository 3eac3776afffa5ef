import { validationError } from "../../../domain/app-error.js";
import type { Mover, MoverCategory, MoversProvider } from "../port.js";
import { CsvBarStore } from "./csv-bar-store.js";

export type OfflineMoversProviderOptions = { marketDataDir: string } | { store: CsvBarStore };

export const MAX_OFFLINE_MOVERS_COUNT = 250;

/**
 * Movers of THE OFFLINE UNIVERSE, not of the US market: every file in the folder ranked by its own
 * last-day change (last close / previous close - 1). Files end on different dates (the shared
 * dataset's stocks stop in 2024-12, its macro files in 2026), so rows are not one trading day. Each
 * row's symbol is the file name (`BTC-USD`, `GOLD`, `US10Y`); name and market cap are unknown.
 * `most_active` ranks by reported volume and skips files without volume; share counts and crypto
 * USD volumes are not comparable, which is the honest limit of a handful of files.
 */
export class OfflineMoversProvider implements MoversProvider {
  readonly name = "offline-csv";
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

  private async lastDayRows(): Promise<Mover[]> {
    const stems = await this.store.stems();
    const rows: Mover[] = [];
    for (const stem of stems) {
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
      });
    }
    return rows;
  }
}
