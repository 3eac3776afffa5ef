import { CORRELATION_PERIODS, correlationMatrixContract, PERIOD_MONTHS } from "../../../contracts/cross-asset/correlation-matrix.js";
import { formatBarTime } from "../../../domain/bar.js";
import type { CorrelationService } from "../../../services/cross-asset/correlation-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

type Period = (typeof CORRELATION_PERIODS)[number];

export function correlationMatrixRoute(correlations: CorrelationService): RouteModule {
  return operationRoute(correlationMatrixContract, async (params: { tickers: string[]; period: Period }) => {
    const result = await correlations.matrix({ tickers: params.tickers, period: params.period, periodMonths: PERIOD_MONTHS[params.period] });
    return {
      tickers: result.tickers,
      period: params.period,
      start_date: formatBarTime(result.fromMs, "1d"),
      end_date: formatBarTime(result.toMs, "1d"),
      n_returns: result.returns,
      dropped_returns: result.droppedReturns,
      matrix: result.matrix,
      strongest_pairs: result.strongest,
      weakest_pairs: result.weakest,
      diversification: {
        score: result.diversification.score,
        mean_correlation: result.diversification.meanCorrelation,
        effective_bets: result.diversification.effectiveBets,
        tickers: result.tickers.length,
      },
    };
  });
}
