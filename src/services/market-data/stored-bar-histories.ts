import { barsToColumns, type DailyColumns } from "../../domain/daily-columns.js";
import type { MarketUniverse } from "../../domain/market-universe.js";
import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";
import type { StoredHistories, UniverseListing } from "../patterns/stored-universe.js";
import type { BarCache } from "./bar-cache.js";

/**
 * A live node's stored histories: what its database holds (the bar cache's store, shared by every node on one
 * PostgreSQL), never fetched; `universe=all` is the documented market list (domain/market-universe.ts), of which
 * the histories not stored yet are named in the answer.
 */
export class StoredBarHistories implements StoredHistories {
  constructor(
    private readonly bars: BarCache,
    private readonly universe: MarketUniverse,
  ) {}

  async all(): Promise<UniverseListing> {
    return { version: this.universe.version, source: "list", symbols: this.universe.symbols };
  }

  async daily(symbol: ResolvedSymbol): Promise<DailyColumns | null> {
    const bars = await this.bars.stored(symbol, "1d");
    return bars === null ? null : barsToColumns(bars);
  }
}
