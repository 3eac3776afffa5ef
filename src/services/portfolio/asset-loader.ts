import type { PriceSeries } from "../../analytics/price-series.js";
import { AppError, validationError, type ErrorCode } from "../../domain/app-error.js";
import type { AssetClass } from "../../domain/resolved-symbol.js";
import type { SeriesCache } from "../market-data/series-cache.js";

export interface LoadedAsset {
  ticker: string;
  source: string;
  assetClass: AssetClass;
  series: PriceSeries;
}

/** Codes that mean "this ticker cannot be served", reported against the request parameter that named it. */
const TICKER_CODES: ReadonlySet<ErrorCode> = new Set(["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE"]);

/**
 * The whole daily history of every ticker of a book, which must all load: a book with a hole is not the
 * book the caller asked about. Failures are reported together, each naming `param` and the ticker; the
 * first failure's code sets the status (404 for an unknown ticker). Two tickers that resolve to one
 * instrument (BTC and BTC-USD) are a 422: their weights would be arbitrary.
 */
export async function loadAssets(seriesCache: SeriesCache, tickers: readonly string[], param: string): Promise<LoadedAsset[]> {
  const settled = await Promise.allSettled(tickers.map((ticker) => seriesCache.load(ticker, "1d")));
  const failures: { ticker: string; error: AppError }[] = [];
  settled.forEach((outcome, i) => {
    if (outcome.status === "fulfilled") return;
    const error = outcome.reason;
    if (!(error instanceof AppError)) throw error;
    failures.push({ ticker: tickers[i], error });
  });
  const upstream = failures.find((f) => !TICKER_CODES.has(f.error.code));
  if (upstream !== undefined) throw upstream.error;
  if (failures.length > 0) {
    const details = failures.map((f) => ({ param, issue: `${f.ticker}: ${f.error.message}` }));
    throw new AppError(failures[0].error.code, details.map((d) => d.issue).join("; "), { details });
  }
  const assets = settled.map((outcome) => {
    const loaded = (outcome as PromiseFulfilledResult<Awaited<ReturnType<SeriesCache["load"]>>>).value;
    return { ticker: loaded.symbol.ticker, source: loaded.symbol.source, assetClass: loaded.symbol.assetClass, series: loaded.series };
  });
  const seen = new Map<string, string>();
  for (const asset of assets) {
    const earlier = seen.get(asset.source);
    if (earlier !== undefined) throw validationError(param, `${earlier} and ${asset.ticker} are the same instrument (${asset.source}); list it once`);
    seen.set(asset.source, asset.ticker);
  }
  return assets;
}
