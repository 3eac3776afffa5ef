import type { Bar, Timeframe } from "../../src/domain/bar.js";
import type { ResolvedSymbol } from "../../src/domain/resolved-symbol.js";
import { CsvPriceProvider } from "../../src/providers/prices/offline/csv-price-provider.js";
import type { PriceProvider } from "../../src/providers/prices/port.js";
import { DAILY_DATASET_DIR } from "./shared-paths.js";

/** The CSV provider over the shared daily dataset, standing in for the live source and counting which symbols it was asked for. */
export class CountingPriceProvider implements PriceProvider {
  name = "counting";
  asked: string[] = [];
  private readonly inner = new CsvPriceProvider({ marketDataDir: DAILY_DATASET_DIR });

  bars(symbol: ResolvedSymbol, timeframe: Timeframe, fromMs: number, toMs: number): Promise<Bar[]> {
    this.asked.push(symbol.source);
    return this.inner.bars(symbol, timeframe, fromMs, toMs);
  }
}
