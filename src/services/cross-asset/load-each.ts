import { AppError } from "../../domain/app-error.js";
import type { LoadedSeries, SeriesCache } from "../market-data/series-cache.js";

export type LoadStatus = "ok" | "unknown_ticker" | "no_data" | "range_unavailable" | "upstream_unavailable";

export type LoadOutcome =
  | { ticker: string; status: "ok"; loaded: LoadedSeries }
  | { ticker: string; status: Exclude<LoadStatus, "ok">; code: AppError["code"]; error: string; retryAfterSeconds?: number };

const STATUS_BY_CODE: Partial<Record<AppError["code"], Exclude<LoadStatus, "ok">>> = {
  UNKNOWN_TICKER: "unknown_ticker",
  NO_DATA: "no_data",
  RANGE_UNAVAILABLE: "range_unavailable",
  UPSTREAM_UNAVAILABLE: "upstream_unavailable",
  UPSTREAM_SCHEMA_CHANGED: "upstream_unavailable",
};

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
        const status = error instanceof AppError ? STATUS_BY_CODE[error.code] : undefined;
        if (status === undefined) throw error;
        const { code, message, retryAfterSeconds } = error as AppError;
        return { ticker, status, code, error: message, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
      }
    }),
  );
}
