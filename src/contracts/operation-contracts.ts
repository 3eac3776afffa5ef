import { patternAlertCancelContract, patternAlertContract, patternAlertStatusContract } from "./alerts/pattern-alert.js";
import { watchCancelContract, watchRegisterContract, watchStatusContract } from "./alerts/watch.js";
import { correlationMatrixContract } from "./cross-asset/correlation-matrix.js";
import { macroAnalogContract } from "./cross-asset/macro-analog.js";
import { playbookContract } from "./cross-asset/playbook.js";
import { devFaucetContract } from "./dev/dev-faucet.js";
import {
  demandAboutContract,
  demandConversionContract,
  demandCrawlToReferContract,
  demandTopContract,
  demandUnmetContract,
  whatAgentsWantContract,
} from "./demand/demand-log-contracts.js";
import {
  demandCompetitorsContract,
  demandIntentContract,
  demandMatchesContract,
  demandPricingContract,
  demandReliabilityContract,
} from "./demand/demand-market-contracts.js";
import { apiCatalogContract } from "./discovery/api-catalog.js";
import { dailyBriefContract } from "./feeds/daily-brief.js";
import { getTrendsContract } from "./feeds/get-trends.js";
import { getEconomicCalendarContract } from "./feeds/get-economic-calendar.js";
import { getEarningsCalendarContract } from "./feeds/get-earnings-calendar.js";
import { searchPreprintsContract } from "./feeds/search-preprints.js";
import { getOptionsChainContract } from "./feeds/get-options-chain.js";
import { getHardwarePricesContract } from "./feeds/get-hardware-prices.js";
import { getFundamentalsContract } from "./feeds/get-fundamentals.js";
import { getFearGreedContract } from "./feeds/get-fear-greed.js";
import { apiEarningsSurpriseContract, earningsSurpriseContract } from "./feeds/earnings-surprise.js";
import { apiBacktestContract } from "./forecasts/api-backtest.js";
import { forwardDistributionContract } from "./forecasts/forward-distribution.js";
import { patternBacktestContract } from "./forecasts/pattern-backtest.js";
import { positionSizeContract } from "./forecasts/position-size.js";
import { regimeDetectionContract } from "./forecasts/regime-detection.js";
import { getLatestPriceContract } from "./market-data/get-latest-price.js";
import { getMarketMoversContract } from "./market-data/get-market-movers.js";
import { getPriceHistoryContract } from "./market-data/get-price-history.js";
import type { OperationContract } from "./operation-contract.js";
import { getPatternsContract } from "./patterns/get-patterns.js";
import { getPatternsOhlcContract } from "./patterns/get-patterns-ohlc.js";
import { getPatternsRawContract } from "./patterns/get-patterns-raw.js";
import { screenContract } from "./patterns/screen.js";
import { momentumScanContract } from "./portfolio/momentum-scan.js";
import { optimizePortfolioContract } from "./portfolio/optimize-portfolio.js";
import { portfolioFactorsContract } from "./portfolio/portfolio-factors.js";
import { sectorsMomentumContract } from "./portfolio/sectors-momentum.js";
import { verifySignatureContract } from "./signing/verify-signature.js";
import { probeContract } from "./probe/probe.js";
import { censusContract } from "./census/census.js";
import { trackRecordContract } from "./track-record/track-record.js";
import { discoverContract } from "./router/discover.js";
import { discoverGoContract } from "./router/discover-go.js";
import { discoverOutcomeContract } from "./router/discover-outcome.js";
import { signalsLiveContract } from "./trading/signals-live.js";
import { signalsHistoryContract } from "./trading/signals-history.js";
import { tradingPerformanceContract } from "./trading/trading-performance.js";
import { analyzeContract } from "./trading/analyze.js";
import { narrativeContract } from "./trading/narrative.js";
import { tradingPortfolioContract } from "./trading/trading-portfolio.js";
import { tradingScanContract } from "./trading/trading-scan.js";
import { tradingSignalContract } from "./trading/trading-signal.js";
import { routeContract } from "./fulfilment/route.js";
import { adsCampaignContract, adsCampaignStatusContract } from "./ads/ads-campaign.js";
import { adsNetworkContract } from "./ads/ads-network.js";
import { adsRateCardContract } from "./ads/ads-rate-card.js";
import { adsServeContract } from "./ads/ads-serve.js";
import { arenaRoundsContract } from "./arena/arena-rounds.js";
import { arenaPredictContract } from "./arena/arena-predict.js";
import { arenaDiagnosticContract } from "./arena/arena-diagnostic.js";
import { arenaPerformanceContract } from "./arena/arena-performance.js";
import { arenaSponsorContract } from "./arena/arena-sponsor.js";

/**
 * Every operation contract, for front ends that are not the HTTP routes (the MCP server builds one tool per
 * mounted operation from this list). A new route family adds its contracts here: a test checks that every
 * operation the service mounts has its contract listed.
 */
export const OPERATION_CONTRACTS: readonly OperationContract[] = [
  verifySignatureContract,
  apiCatalogContract,
  getLatestPriceContract,
  getPriceHistoryContract,
  getMarketMoversContract,
  getPatternsRawContract,
  getPatternsContract,
  getPatternsOhlcContract,
  screenContract,
  correlationMatrixContract,
  macroAnalogContract,
  playbookContract,
  regimeDetectionContract,
  patternBacktestContract,
  forwardDistributionContract,
  positionSizeContract,
  apiBacktestContract,
  momentumScanContract,
  sectorsMomentumContract,
  portfolioFactorsContract,
  optimizePortfolioContract,
  watchRegisterContract,
  watchStatusContract,
  watchCancelContract,
  patternAlertContract,
  patternAlertStatusContract,
  patternAlertCancelContract,
  dailyBriefContract,
  getTrendsContract,
  getEconomicCalendarContract,
  getEarningsCalendarContract,
  searchPreprintsContract,
  getOptionsChainContract,
  getHardwarePricesContract,
  getFundamentalsContract,
  getFearGreedContract,
  earningsSurpriseContract,
  apiEarningsSurpriseContract,
  tradingSignalContract,
  tradingPerformanceContract,
  signalsHistoryContract,
  devFaucetContract,
  probeContract,
  demandAboutContract,
  demandTopContract,
  demandUnmetContract,
  demandConversionContract,
  demandCompetitorsContract,
  demandIntentContract,
  demandCrawlToReferContract,
  demandMatchesContract,
  demandPricingContract,
  demandReliabilityContract,
  whatAgentsWantContract,
  routeContract,
  adsRateCardContract,
  adsCampaignContract,
  adsCampaignStatusContract,
  adsServeContract,
  adsNetworkContract,
  censusContract,
  trackRecordContract,
  discoverContract,
  discoverGoContract,
  discoverOutcomeContract,
  arenaRoundsContract,
  arenaPredictContract,
  arenaDiagnosticContract,
  arenaPerformanceContract,
  arenaSponsorContract,
  tradingScanContract,
  signalsLiveContract,
  tradingPortfolioContract,
  narrativeContract,
  analyzeContract,
] as readonly OperationContract[];

export function findOperationContract(operationId: string): OperationContract | undefined {
  return OPERATION_CONTRACTS.find((contract) => contract.operationId === operationId);
}
