import type { Config } from "../config/config.js";
import type { Clock } from "../domain/clock.js";
import type { RouteModule } from "../http/route-module.js";
import { correlationMatrixRoute } from "../http/routes/cross-asset/correlation-matrix.js";
import { macroAnalogRoute } from "../http/routes/cross-asset/macro-analog.js";
import { playbookRoute } from "../http/routes/cross-asset/playbook.js";
import { CorrelationService } from "../services/cross-asset/correlation-service.js";
import type { MacroSymbols } from "../analytics/macro-periods.js";
import { MacroAnalogService } from "../services/cross-asset/macro-analog-service.js";
import { PlaybookService } from "../services/cross-asset/playbook-service.js";
import type { MarketData } from "./build-market-data.js";
import type { Patterns } from "./build-patterns.js";

/** The equity proxy of /macro_analog: the S&P 500 index live; SPY offline, the shared dataset having no ^GSPC file. */
export const LIVE_EQUITY_PROXY = "^GSPC";
export const OFFLINE_EQUITY_PROXY = "SPY";

export interface CrossAssetOptions {
  /** Symbol for the equity role of /macro_analog; default ^GSPC live, SPY when MARKET_DATA_DIR is set. */
  equityProxy?: string;
}

/** The four series /macro_analog reads (the forecast replay reads the same). */
export function macroSymbolsOf(config: Readonly<Config>, options: CrossAssetOptions = {}): MacroSymbols {
  return {
    volatility: "^VIX",
    yield_10y: "^TNX",
    equity: options.equityProxy ?? (config.marketDataDir === undefined ? LIVE_EQUITY_PROXY : OFFLINE_EQUITY_PROXY),
    gold: "GC=F",
  };
}

/**
 * The cross-asset routes (/playbook, /macro_analog, /correlation_matrix).
 */
export function buildCrossAsset(
  deps: { marketData: MarketData; patterns: Patterns; clock: Clock; config: Readonly<Config> },
  options: CrossAssetOptions = {},
): { routes: RouteModule[] } {
  const { patterns, config } = deps;
  const symbols = macroSymbolsOf(config, options);
  return {
    routes: [
      playbookRoute(new PlaybookService(patterns.service, patterns.seriesCache, patterns.runner)),
      macroAnalogRoute(new MacroAnalogService(patterns.seriesCache, patterns.runner, symbols)),
      correlationMatrixRoute(new CorrelationService(patterns.seriesCache, patterns.runner)),
    ],
  };
}
