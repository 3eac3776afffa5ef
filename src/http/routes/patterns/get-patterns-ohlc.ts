import { getPatternsOhlcContract } from "../../../contracts/patterns/get-patterns-ohlc.js";
import type { PatternParams } from "../../../contracts/patterns/pattern-params.js";
import type { PatternService } from "../../../services/patterns/pattern-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { matchWire, toPatternQuery } from "./pattern-wire.js";

export function getPatternsOhlcRoute(patterns: PatternService): RouteModule {
  return operationRoute(getPatternsOhlcContract, async (params: PatternParams) => {
    const result = await patterns.analogs(toPatternQuery(params));
    const { series } = result;
    return {
      ticker: series.ticker,
      start_date: params.start_date,
      end_date: params.end_date,
      timeframe: params.timeframe,
      query_return: result.queryReturn,
      patterns: result.analogs.map((analog, rank) => {
        const { dates, closes, similarity, query_return, match_return, wrapped, description } = matchWire(result, analog);
        return {
          pattern_id: rank + 1,
          dates,
          opens: analog.indices.map((i) => series.opens[i]),
          highs: analog.indices.map((i) => series.highs[i]),
          lows: analog.indices.map((i) => series.lows[i]),
          closes,
          similarity,
          query_return,
          match_return,
          wrapped,
          description,
        };
      }),
    };
  });
}
