import { FACTOR_METHOD, portfolioFactorsContract, type PortfolioFactorsParams } from "../../../contracts/portfolio/portfolio-factors.js";
import { PERIOD_MONTHS } from "../../../contracts/portfolio/portfolio-params.js";
import { formatBarTime } from "../../../domain/bar.js";
import type { FactorService } from "../../../services/portfolio/factor-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

export function portfolioFactorsRoute(factors: FactorService): RouteModule {
  return operationRoute(portfolioFactorsContract, async (params: PortfolioFactorsParams) => {
    const r = await factors.decompose({ holdings: params.holdings, months: PERIOD_MONTHS[params.period] });
    return {
      holdings: r.holdings,
      period: params.period,
      proxy_set: { name: r.proxySet.name, description: r.proxySet.description },
      factors: r.exposures.map((e) => ({
        factor: e.proxy.factor,
        description: e.proxy.description,
        construction: e.proxy.construction,
        symbols: [...e.proxy.symbols],
        beta: e.beta,
        std_error: e.stdError,
        t_stat: e.tStat,
        factor_mean_return_annual: e.factorMeanAnnual,
        return_contribution_annual: e.contributionAnnual,
      })),
      dropped_factors: r.dropped.map((d) => ({ factor: d.proxy.factor, symbols: [...d.proxy.symbols], reason: d.reason })),
      alpha_annual: r.alphaAnnual,
      alpha_std_error_annual: r.alphaStdErrorAnnual,
      alpha_t_stat: r.alphaTStat,
      r_squared: r.rSquared,
      adjusted_r_squared: r.adjustedRSquared,
      residual_volatility_annual: r.residualVolatilityAnnual,
      book_mean_return_annual: r.bookMeanAnnual,
      book_volatility_annual: r.bookVolatilityAnnual,
      n: r.n,
      start_date: formatBarTime(r.startMs, "1d"),
      end_date: formatBarTime(r.endMs, "1d"),
      periods_per_year: r.periodsPerYear,
      skipped_gaps: r.skippedSteps,
      method: FACTOR_METHOD,
    };
  });
}
