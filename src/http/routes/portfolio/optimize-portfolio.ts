import { EXPECTED_RETURNS_NOTE, optimizePortfolioContract, type OptimizePortfolioParams } from "../../../contracts/portfolio/optimize-portfolio.js";
import { PERIOD_MONTHS } from "../../../contracts/portfolio/portfolio-params.js";
import { formatBarTime } from "../../../domain/bar.js";
import type { OptimizeService } from "../../../services/portfolio/optimize-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

export function optimizePortfolioRoute(optimizer: OptimizeService): RouteModule {
  return operationRoute(optimizePortfolioContract, async (params: OptimizePortfolioParams) => {
    const result = await optimizer.optimize({
      tickers: params.tickers,
      months: PERIOD_MONTHS[params.period],
      objective: params.objective,
      riskFreeRate: params.risk_free_rate,
      covariance: params.covariance,
    });
    return {
      objective: params.objective,
      period: params.period,
      risk_free_rate: params.risk_free_rate,
      weights: result.assets.map((a) => ({
        ticker: a.ticker,
        weight: a.weight,
        mean_return_annual: a.meanReturnAnnual,
        volatility_annual: a.volatilityAnnual,
      })),
      expected_return_annual: result.expectedReturnAnnual,
      volatility_annual: result.volatilityAnnual,
      ratio: result.ratio,
      n: result.n,
      start_date: formatBarTime(result.startMs, "1d"),
      end_date: formatBarTime(result.endMs, "1d"),
      periods_per_year: result.periodsPerYear,
      skipped_gaps: result.skippedSteps,
      method: result.method,
      covariance: result.covariance,
      shrinkage_intensity: result.shrinkageIntensity,
      expected_returns: EXPECTED_RETURNS_NOTE,
    };
  });
}
