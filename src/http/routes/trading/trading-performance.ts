import { findCatalogRoute } from "../../../contracts/route-catalog.js";
import { RISK_ADJUSTED_FORMULA, tradingPerformanceContract, type TradingPerformanceParams } from "../../../contracts/trading/trading-performance.js";
import type { SignalHistoryService } from "../../../services/trading/signal-history-service.js";
import type { RouteModule } from "../../route-module.js";
import { figuresWire, logFilter } from "./signal-wire.js";

export function tradingPerformanceRoute(history: SignalHistoryService): RouteModule {
  return {
    route: findCatalogRoute("trading_performance"),
    contract: tradingPerformanceContract,
    handle: async (params: TradingPerformanceParams) => {
      const report = await history.performance(logFilter(params));
      return {
        ticker: params.ticker ?? null,
        since: params.since ?? null,
        overall: figuresWire(report.overall),
        per_ticker: report.perTicker.map(({ ticker, figures }) => ({ ticker, ...figuresWire(figures) })),
        risk_adjusted_formula: RISK_ADJUSTED_FORMULA,
        mode: "live" as const,
      };
    },
  };
}
