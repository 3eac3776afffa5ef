import { AppError } from "../../domain/app-error.js";
import { DAY_MS, type Bar, type Timeframe } from "../../domain/bar.js";
import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";
import type { Mover, MoverCategory, MoversProvider } from "../../providers/prices/port.js";
import type { BarCache } from "./bar-cache.js";

export interface LatestPrice {
  ticker: string;
  dateMs: number;
  close: number;
  /** Close over the previous bar's close, minus one. */
  changePct: number;
  cached: boolean;
  /** Where the bar came from: `yahoo`, `offline` (a MARKET_DATA_DIR folder), ... */
  source: string;
}

export interface PriceHistory {
  ticker: string;
  timeframe: Timeframe;
  bars: Bar[];
  cached: boolean;
  source: string;
}


/**
 * Prices for callers: history between two inclusive dates, the latest close with its 1-day change, and
 * movers. Every figure comes from a bar the source returned; nothing is filled in.
 */
export class MarketDataService {
  constructor(
    private readonly resolve: (ticker: string) => ResolvedSymbol,
    private readonly bars: BarCache,
    private readonly movers: MoversProvider,
    /** The price provider's name, as callers read it in `source`. */
    readonly source: string,
  ) {}

  /** Bars whose start lies in [startMs, endMs + 1 day): both dates inclusive, intraday bars included whole days. */
  async history(ticker: string, timeframe: Timeframe, startMs: number, endMs: number): Promise<PriceHistory> {
    const symbol = this.resolve(ticker);
    const result = await this.bars.bars(symbol, timeframe, startMs, endMs + DAY_MS);
    if (result.bars.length === 0) {
      throw new AppError("NO_DATA", `${symbol.ticker} has no ${timeframe} bars between the requested dates`);
    }
    return { ticker: symbol.ticker, timeframe, bars: result.bars, cached: result.cached, source: this.source };
  }

  /**
   * The most recent daily close and its change over the close before it. The whole daily history is kept
   * in the store (the pattern routes need it anyway) and only its last two bars are read, so a quiet or
   * delisted series still answers with its real last bar rather than nothing.
   */
  async latest(ticker: string): Promise<LatestPrice> {
    const symbol = this.resolve(ticker);
    const result = await this.bars.lastBars(symbol, "1d", 2);
    const n = result.bars.length;
    if (n < 2) throw new AppError("NO_DATA", `${symbol.ticker} has fewer than two daily bars; no change can be computed`);
    const last = result.bars[n - 1];
    const previous = result.bars[n - 2];
    return { ticker: symbol.ticker, dateMs: last.tsMs, close: last.close, changePct: last.close / previous.close - 1, cached: result.cached, source: this.source };
  }

  async topMovers(category: MoverCategory, count: number): Promise<Mover[]> {
    return this.movers.movers(category, count);
  }
}
