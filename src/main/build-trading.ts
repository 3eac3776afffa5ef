import type { Config } from "../config/config.js";
import type { Clock } from "../domain/clock.js";
import { HyperliquidTradingAccountProvider } from "../providers/trading-account/hyperliquid/hyperliquid-trading-account-provider.js";
import { OfflineHeadlineProvider } from "../providers/feeds/offline/offline-headlines.js";
import { YahooHeadlineProvider } from "../providers/feeds/yahoo/yahoo-headlines.js";
import { createYahooFinanceClient } from "../providers/prices/yahoo/yahoo-finance-client.js";
import { OfflineTradingAccountProvider } from "../providers/trading-account/offline-trading-account-provider.js";
import type { FeedOverrides } from "./build-feeds.js";
import type { JobRunner } from "../jobs/job-runner.js";
import { signalScoringJob } from "../jobs/signal-scoring.js";
import type { RouteModule } from "../http/route-module.js";
import { signalsHistoryRoute } from "../http/routes/trading/signals-history.js";
import { tradingPerformanceRoute } from "../http/routes/trading/trading-performance.js";
import { signalsLiveRoute } from "../http/routes/trading/signals-live.js";
import { tradingPortfolioRoute } from "../http/routes/trading/trading-portfolio.js";
import { narrativeRoute } from "../http/routes/trading/narrative.js";
import { analyzeRoute } from "../http/routes/trading/analyze.js";
import { tradingScanRoute } from "../http/routes/trading/trading-scan.js";
import { tradingSignalRoute } from "../http/routes/trading/trading-signal.js";
import { ForwardDistributionService } from "../services/forecasts/forward-distribution-service.js";
import { PositionSizeService } from "../services/forecasts/position-size-service.js";
import { RegimeService } from "../services/forecasts/regime-service.js";
import { SignalHistoryService } from "../services/trading/signal-history-service.js";
import { SignalScorer } from "../services/trading/signal-scorer.js";
import { LiveSignalService } from "../services/trading/live-signal-service.js";
import { TradingPortfolioService } from "../services/trading/trading-portfolio-service.js";
import { SignalBacktestService } from "../services/trading/signal-backtest-service.js";
import { NarrativeService } from "../services/narrative/narrative-service.js";
import { AnalyzeService, type RouteCaller } from "../services/analyze/analyze-service.js";
import { ScanService } from "../services/trading/scan-service.js";
import { SignalService } from "../services/trading/signal-service.js";
import { TRADING_SCAN_UNIVERSE } from "../domain/trading-universe.js";
import { resolveSymbol } from "../domain/symbol-resolver.js";
import type { Database } from "../storage/create-database.js";
import { SignalLog } from "../storage/repos/signal-log.js";
import type { Patterns } from "./build-patterns.js";

export interface TradingDeps {
  config: Readonly<Config>;
  /** Test seam: the transport of the live adapters (a replay fetch); given, they are used even offline. */
  overrides?: FeedOverrides;
  database: Database;
  patterns: Patterns;
  clock: Clock;
  jobs: JobRunner;
  /** /analyze runs the operation that owns each answer through this (every mounted operation, in process). */
  callRoute: RouteCaller;
}

/**
 * Trading signals: fired from the forecast services (analogs, regime, sizing), stored in the signal log at
 * the moment they are fired, and scored by a job once their horizon has passed.
 */
export function buildTrading(deps: TradingDeps): { routes: RouteModule[] } {
  const forecasts = new ForwardDistributionService(deps.patterns.seriesCache, deps.patterns.runner);
  const log = new SignalLog(deps.database.db);
  const signals = new SignalService(new RegimeService(forecasts), new PositionSizeService(forecasts), log, deps.clock);
  deps.jobs.register(signalScoringJob(new SignalScorer(log, deps.patterns.seriesCache)));
  const history = new SignalHistoryService(log, (ticker) => deps.patterns.seriesCache.load(ticker, "1d"), deps.patterns.runner);
  const scans = new ScanService(signals, TRADING_SCAN_UNIVERSE);
  const priceSource = deps.config.marketDataDir === undefined ? "yahoo" : "offline";
  const backtests = new SignalBacktestService(deps.patterns.seriesCache, deps.patterns.runner, priceSource);
  const live = new LiveSignalService(signals, log, deps.clock, resolveSymbol);
  const offline = deps.config.marketDataDir !== undefined && deps.overrides?.fetch === undefined;
  const account = offline ? new OfflineTradingAccountProvider() : new HyperliquidTradingAccountProvider({ clock: deps.clock, ...deps.overrides });
  const portfolios = new TradingPortfolioService(account, deps.config.tradingAccount, deps.clock);
  const headlines = offline
    ? new OfflineHeadlineProvider()
    : new YahooHeadlineProvider(createYahooFinanceClient({ clock: deps.clock, fetch: deps.overrides?.fetch, sleep: deps.overrides?.sleep, timeoutMs: deps.overrides?.timeoutMs }));
  const narratives = new NarrativeService(deps.patterns.seriesCache, headlines, deps.clock, priceSource);
  const analyzer = new AnalyzeService(resolveSymbol, deps.patterns.seriesCache, deps.callRoute, deps.clock);
  return {
    routes: [
      tradingSignalRoute(signals),
      tradingScanRoute(scans),
      signalsLiveRoute(live),
      tradingPortfolioRoute(portfolios),
      narrativeRoute(narratives),
      analyzeRoute(analyzer),
      tradingPerformanceRoute(history, backtests),
      signalsHistoryRoute(history),
    ],
  };
}
