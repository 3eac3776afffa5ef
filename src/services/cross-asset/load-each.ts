import { itemFailure, type ItemFailure, type ItemFailureStatus } from "../../domain/item-failure.js";
import type { LoadedSeries, SeriesCache } from "../market-data/series-cache.js";

export type LoadStatus = "ok" | ItemFailureStatus;

export type LoadOutcome = { ticker: string; status: "ok"; loaded: LoadedSeries } | ItemFailure;

/**
 * Each ticker's whole daily history, loaded side by side; a ticker that fails for a reason the caller
 * can act on (unknown, no data, upstream trouble) comes back as an outcome instead of failing the rest.
 */
export async function loadEach(cache: SeriesCache, tickers: readonly string[]): Promise<LoadOutcome[]> {
  return Promise.all(
    tickers.map(async (ticker): Promise<LoadOutcome> => {
      try {
        const loaded = await cache.load(ticker, "1d");
        return { ticker: loaded.series.ticker, status: "ok", loaded };
      } catch (error) {
        return itemFailure(ticker, error);
      }
    }),
  );
}
