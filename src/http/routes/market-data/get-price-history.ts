import { getPriceHistoryContract } from "../../../contracts/market-data/get-price-history.js";
import { formatBarTime, parseIsoDate, type Timeframe } from "../../../domain/bar.js";
import type { MarketDataService } from "../../../services/market-data/market-data-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

export function getPriceHistoryRoute(marketData: MarketDataService): RouteModule {
  return operationRoute(getPriceHistoryContract, async (params: { ticker: string; start_date: string; end_date: string; timeframe: Timeframe }) => {
    const history = await marketData.history(params.ticker, params.timeframe, parseIsoDate(params.start_date), parseIsoDate(params.end_date));
    return {
      ticker: history.ticker,
      timeframe: history.timeframe,
      bars: history.bars.map((b) => ({ date: formatBarTime(b.tsMs, history.timeframe), open: b.open, high: b.high, low: b.low, close: b.close })),
      cached: history.cached,
      source: history.source,
    };
  });
}
