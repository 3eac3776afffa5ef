import { AppError, validationError } from "../../../domain/app-error.js";
import type { Bar, Timeframe } from "../../../domain/bar.js";
import { columnsToBars, firstDayAtOrAfter } from "../../../domain/daily-columns.js";
import type { ResolvedSymbol } from "../../../domain/resolved-symbol.js";
import type { PriceProvider } from "../port.js";
import { CsvBarStore } from "./csv-bar-store.js";
import { offlineFileStem } from "./offline-file-names.js";

export type CsvPriceProviderOptions = { marketDataDir: string } | { store: CsvBarStore };

/**
 * Offline daily bars from `<MARKET_DATA_DIR>/<FILE>.csv`, looked up by the resolved `source` symbol
 * (see offline-file-names.ts for the dataset's aliases). Daily only: intraday requests are
 * RANGE_UNAVAILABLE, a symbol without a file is UNKNOWN_TICKER.
 */
export class CsvPriceProvider implements PriceProvider {
  readonly name = "offline-csv";
  private readonly store: CsvBarStore;

  constructor(options: CsvPriceProviderOptions) {
    this.store = "store" in options ? options.store : new CsvBarStore({ dir: options.marketDataDir });
  }

  async bars(symbol: ResolvedSymbol, timeframe: Timeframe, fromMs: number, toMs: number): Promise<Bar[]> {
    if (!Number.isFinite(fromMs)) throw validationError("from", "must be a finite epoch ms");
    if (!Number.isFinite(toMs)) throw validationError("to", "must be a finite epoch ms");
    if (timeframe !== "1d") {
      throw new AppError("RANGE_UNAVAILABLE", `The offline dataset holds daily bars only; ${timeframe} is not available`, {
        details: [{ param: "timeframe", issue: "offline mode serves 1d only" }],
      });
    }
    const stem = offlineFileStem(symbol.source);
    const columns = stem === null ? null : await this.store.columns(stem);
    if (columns === null) {
      throw new AppError("UNKNOWN_TICKER", `Unknown ticker "${symbol.ticker}": not in the offline dataset`, {
        details: [{ param: "ticker", issue: "no offline file for this symbol" }],
      });
    }
    return columnsToBars(columns, firstDayAtOrAfter(columns, fromMs), firstDayAtOrAfter(columns, toMs));
  }
}
