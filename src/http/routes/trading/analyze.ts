import { findCatalogRoute } from "../../../contracts/route-catalog.js";
import { analyzeContract, type AnalyzeParams } from "../../../contracts/trading/analyze.js";
import type { AnalyzeService } from "../../../services/analyze/analyze-service.js";
import { PARSER_RULES } from "../../../services/analyze/question-parser.js";
import type { RouteModule } from "../../route-module.js";

export function analyzeRoute(analyzer: AnalyzeService): RouteModule {
  return {
    route: findCatalogRoute("analyze"),
    contract: analyzeContract,
    handle: async (params: AnalyzeParams) => {
      const { answer, interpretation: i, data, routesUsed } = await analyzer.analyze(params.question);
      return {
        question: params.question,
        answer,
        interpretation: {
          intent: i.intent,
          tickers: i.tickers,
          horizon_days: i.horizonDays,
          move: i.move === null ? null : { return: i.move.return, lookback_bars: i.move.lookbackBars },
          matched: i.matched,
        },
        data,
        routes_used: routesUsed,
        parser: PARSER_RULES,
      };
    },
  };
}
