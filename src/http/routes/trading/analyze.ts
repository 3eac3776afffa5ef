import { analyzeContract, type AnalyzeParams } from "../../../contracts/trading/analyze.js";
import type { AnalyzeService } from "../../../services/analyze/analyze-service.js";
import { PARSER_RULES } from "../../../services/analyze/question-parser.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

export function analyzeRoute(analyzer: AnalyzeService): RouteModule {
  return operationRoute(analyzeContract, async (params: AnalyzeParams) => {
    const { answer, interpretation: i, data, calls } = await analyzer.analyze(params.question);
    return {
      question: params.question,
      answer,
      interpretation: {
        intent: i.intent,
        tickers: i.tickers,
        window: i.window === null ? null : { start_date: i.window.start, end_date: i.window.end, basis: i.window.basis },
        date: i.day,
        horizon_days: i.horizonDays,
        move: i.move === null ? null : { return: i.move.return, lookback_bars: i.move.lookbackBars },
        account_size: i.accountSizeUsd,
        matched: i.matched,
      },
      data,
      routes_used: [...new Set(calls.map((call) => call.path))],
      calls: calls.map((call) => ({ route: call.path, params: call.params })),
      parser: PARSER_RULES,
    };
  });
}
