import type { Clock } from "../domain/clock.js";
import type { RouteModule } from "../http/route-module.js";
import { apiBacktestRoute } from "../http/routes/forecasts/api-backtest.js";
import { forwardDistributionRoute } from "../http/routes/forecasts/forward-distribution.js";
import { patternBacktestRoute } from "../http/routes/forecasts/pattern-backtest.js";
import { positionSizeRoute } from "../http/routes/forecasts/position-size.js";
import { regimeDetectionRoute } from "../http/routes/forecasts/regime-detection.js";
import { ForwardDistributionService } from "../services/forecasts/forward-distribution-service.js";
import { PatternBacktestService } from "../services/forecasts/pattern-backtest-service.js";
import { PositionSizeService } from "../services/forecasts/position-size-service.js";
import { RegimeService } from "../services/forecasts/regime-service.js";
import type { MarketData } from "./build-market-data.js";
import type { Patterns } from "./build-patterns.js";

export interface ForecastDeps {
  marketData: MarketData;
  patterns: Patterns;
  clock: Clock;
}

/**
 * Forecast routes: forward distributions after analogs, the latest-shape backtest, regime labels, the
 * return-profile event study and position sizing. They read whole daily histories through the pattern
 * engine's series cache and run their analog searches on its worker pool.
 */
export function buildForecasts(deps: ForecastDeps): { routes: RouteModule[] } {
  const forecasts = new ForwardDistributionService(deps.patterns.seriesCache, deps.patterns.runner);
  return {
    routes: [
      forwardDistributionRoute(forecasts),
      apiBacktestRoute(forecasts),
      regimeDetectionRoute(new RegimeService(forecasts)),
      patternBacktestRoute(new PatternBacktestService(deps.patterns.seriesCache, deps.patterns.runner)),
      positionSizeRoute(new PositionSizeService(forecasts)),
    ],
  };
}
