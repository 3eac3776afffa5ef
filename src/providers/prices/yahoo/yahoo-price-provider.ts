import { validationError } from "../../../domain/app-error.js";
import type { Bar, Timeframe } from "../../../domain/bar.js";
import { DAY_MS } from "../../../domain/bar.js";
import { systemClock, type Clock } from "../../../domain/clock.js";
import type { ResolvedSymbol } from "../../../domain/resolved-symbol.js";
import type { PriceProvider } from "../port.js";
import { chartToBars } from "./chart-bars.js";
import { assertWithinYahooLookback } from "./intraday-lookback.js";
import { mapYahooError } from "./yahoo-error-mapper.js";
import type { YahooFinanceClient } from "./yahoo-finance-client.js";


/** Our timeframes in Yahoo's interval vocabulary ("1h" and "60m" are synonyms upstream). */
const YAHOO_INTERVAL: Readonly<Record<Timeframe, "1d" | "1h" | "30m" | "15m">> = {
  "1d": "1d",
  "1h": "1h",
  "30m": "30m",
  "15m": "15m",
};

export interface YahooPriceProviderDeps {
  yahoo: YahooFinanceClient;
  clock?: Clock;
}

/**
 * Bars from Yahoo's chart endpoint (no crumb needed). Regular session only (`includePrePost:false`).
 * An empty answer (weekend, holiday, future range) is `[]`; whether that is NO_DATA is the service's call.
 */
export class YahooPriceProvider implements PriceProvider {
  readonly name = "yahoo";
  private readonly yahoo: YahooFinanceClient;
  private readonly clock: Clock;

  constructor(deps: YahooPriceProviderDeps) {
    this.yahoo = deps.yahoo;
    this.clock = deps.clock ?? systemClock;
  }

  async bars(symbol: ResolvedSymbol, timeframe: Timeframe, fromMs: number, toMs: number): Promise<Bar[]> {
    if (!Number.isFinite(fromMs)) throw validationError("from", "must be a finite epoch ms");
    if (!Number.isFinite(toMs)) throw validationError("to", "must be a finite epoch ms");
    if (fromMs >= toMs) return [];
    assertWithinYahooLookback(timeframe, fromMs, this.clock.nowMs());

    // A daily bar is stamped at the session open, which east of UTC (Sydney, Tokyo pre-open) can fall
    // on the previous UTC day; asking from a day earlier and filtering by local date catches it.
    const period1Ms = timeframe === "1d" ? fromMs - DAY_MS : fromMs;
    let raw: unknown;
    try {
      raw = await this.yahoo.chart(symbol.source, {
        period1: new Date(period1Ms),
        period2: new Date(toMs),
        interval: YAHOO_INTERVAL[timeframe],
        includePrePost: false,
        return: "array",
      });
    } catch (error) {
      throw mapYahooError(error, symbol.ticker);
    }
    return chartToBars(raw, timeframe, fromMs, toMs, symbol.ticker);
  }
}
