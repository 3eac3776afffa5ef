import { getLatestPriceContract } from "../../../contracts/market-data/get-latest-price.js";
import { DAY_MS, formatBarTime } from "../../../domain/bar.js";
import type { Clock } from "../../../domain/clock.js";
import type { MarketDataService } from "../../../services/market-data/market-data-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

/** A daily bar older than this many calendar days is not "today's price" even across a long weekend. */
const STALE_AFTER_DAYS = 4;

export function getLatestPriceRoute(marketData: MarketDataService, clock: Clock): RouteModule {
  return operationRoute(getLatestPriceContract, async (params: { ticker: string }) => {
    const latest = await marketData.latest(params.ticker);
    const date = formatBarTime(latest.dateMs, "1d");
    const ageDays = Math.max(0, Math.floor((clock.nowMs() - latest.dateMs) / DAY_MS));
    const offline = latest.source === "offline";
    const stale = ageDays > STALE_AFTER_DAYS;
    const notes = [
      ...(offline ? [`Offline dataset (MARKET_DATA_DIR): this is the file's last bar, not a live quote.`] : []),
      ...(stale ? [`The bar is ${ageDays} days old (${date}); it is not today's price.`] : []),
      ...(latest.cached && !offline ? ["The source was unreachable; this is the stored bar."] : []),
    ];
    return {
      ticker: latest.ticker,
      date,
      close: latest.close,
      change_pct: latest.changePct,
      cached: latest.cached,
      source: latest.source,
      as_of: date,
      age_days: ageDays,
      stale,
      ...(notes.length === 0 ? {} : { note: notes.join(" ") }),
    };
  });
}
