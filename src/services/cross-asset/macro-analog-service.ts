import { MACRO_ROLES, type MacroAnalogFigures, type MacroSymbols } from "../../analytics/macro-periods.js";
import type { SeriesCache } from "../market-data/series-cache.js";
import type { SearchRunner } from "../patterns/search-job.js";

export interface MacroAnalogResult extends MacroAnalogFigures {
  symbols: MacroSymbols;
}

/**
 * Today's joint state of volatility, the 10-year yield, equities and gold matched to earlier periods of the
 * same length, with what each series did after them (analytics/macro-periods.ts): the four histories are
 * loaded here, aligned and searched on the worker pool.
 */
export class MacroAnalogService {
  constructor(
    private readonly seriesCache: SeriesCache,
    private readonly runner: SearchRunner,
    private readonly symbols: MacroSymbols,
  ) {}

  async analogs(query: { lookbackDays: number; k: number }): Promise<MacroAnalogResult> {
    const series = await Promise.all(MACRO_ROLES.map((role) => this.seriesCache.load(this.symbols[role], "1d").then((l) => l.series)));
    return { symbols: this.symbols, ...(await this.runner.compute("macroAnalogs", series, query)) };
  }
}
