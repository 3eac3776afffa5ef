import { screenContract, type ScreenParams } from "../../../contracts/patterns/screen.js";
import { formatBarTime, parseIsoDate } from "../../../domain/bar.js";
import { ItemizedAnswer, itemOutcome } from "../../../domain/itemized-answer.js";
import type { ScreenService } from "../../../services/patterns/screen-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

export function screenRoute(screens: ScreenService): RouteModule {
  return operationRoute(screenContract, async (params: ScreenParams) => {
    const rows = await screens.screen({
      tickers: params.tickers,
      timeframe: params.timeframe,
      startMs: parseIsoDate(params.start_date),
      endMs: parseIsoDate(params.end_date),
      metric: params.metric,
      sortBy: params.sort_by,
    });
    const body = {
      start_date: params.start_date,
      end_date: params.end_date,
      timeframe: params.timeframe,
      screened: params.tickers.length,
      results: rows.map((row) => ({
        ticker: row.ticker,
        similarity: row.similarity,
        query_return: row.queryReturn,
        top_match_start: row.topMatchStartMs === null ? null : formatBarTime(row.topMatchStartMs, params.timeframe),
        status: row.status,
        ...(row.error === undefined ? {} : { error: row.error }),
      })),
      metric: params.metric,
      sort_by: params.sort_by,
    };
    return new ItemizedAnswer(body, rows.map(itemOutcome), "tickers");
  });
}
