import { BACKTEST_METHOD, RISK_ADJUSTED_FORMULA, tradingPerformanceContract, type TradingPerformanceParams } from "../../../contracts/trading/trading-performance.js";
import type { SignalBacktestService } from "../../../services/trading/signal-backtest-service.js";
import type { SignalHistoryService } from "../../../services/trading/signal-history-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { baselinesWire, figuresWire, logFilter, signalRecordWire } from "./signal-wire.js";

export const BACKTEST_LABEL = "BACKTEST: signals replayed walk-forward over stored history, not signals the service fired; see /trading/signals/history for those.";

export function tradingPerformanceRoute(history: SignalHistoryService, backtests: SignalBacktestService): RouteModule {
  return operationRoute(tradingPerformanceContract, async (params: TradingPerformanceParams) => {
    const common = { ticker: params.ticker ?? null, since: params.since ?? null, risk_adjusted_formula: RISK_ADJUSTED_FORMULA };
    if (params.mode === "backtest") {
      const replay = await backtests.backtest({ ticker: params.ticker!, horizonDays: params.horizon_days, sinceMs: logFilter(params).sinceMs });
      const figures = figuresWire(replay.figures);
      return {
        ...common,
        overall: figures,
        per_ticker: [{ ticker: replay.ticker, ...figures }],
        baselines: baselinesWire(replay.baselines),
        mode: "backtest" as const,
        backtest: {
          label: BACKTEST_LABEL,
          horizon_days: replay.horizonDays,
          first_as_of: replay.signals[0]?.asOfDate ?? null,
          history_ends: replay.lastDate,
          source: backtests.priceSource,
          method: BACKTEST_METHOD,
          signals: replay.signals.map(signalRecordWire),
        },
      };
    }
    const report = await history.performance(logFilter(params));
    return {
      ...common,
      overall: figuresWire(report.overall),
      per_ticker: report.perTicker.map(({ ticker, figures }) => ({ ticker, ...figuresWire(figures) })),
      baselines: baselinesWire(report.baselines),
      mode: "live" as const,
      backtest: null,
    };
  });
}
