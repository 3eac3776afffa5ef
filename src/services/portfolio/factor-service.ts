import type { PriceSeries } from "../../analytics/price-series.js";
import { AppError } from "../../domain/app-error.js";
import type { SeriesCache } from "../market-data/series-cache.js";
import type { SearchRunner } from "../patterns/search-job.js";
import { loadAssets } from "./asset-loader.js";
import type { FactorQuery, FactorResult } from "./factor-computation.js";
import type { FactorProxySet } from "./factor-proxies.js";

/**
 * Regresses the book's daily return on the factor proxies of the configured set (factor-computation.ts): the
 * book's and the proxies' histories are loaded here, the alignment and the regression run on the worker pool.
 */
export class FactorService {
  constructor(
    private readonly seriesCache: SeriesCache,
    private readonly runner: SearchRunner,
    private readonly proxySet: FactorProxySet,
  ) {}

  async decompose(query: FactorQuery): Promise<FactorResult> {
    const assets = await loadAssets(this.seriesCache, query.holdings.map((h) => h.ticker), "holdings");
    const holdings = assets.map((a, i) => ({ ticker: a.ticker, weight: query.holdings[i].weight }));
    const { proxySymbols, proxySeries, proxyFailures } = await this.loadProxies();
    return this.runner.compute("factorDecomposition", [...assets.map((a) => a.series), ...proxySeries], {
      holdings,
      months: query.months,
      proxySet: this.proxySet,
      proxySymbols,
      proxyFailures,
    });
  }

  /** Every proxy instrument's history; one that cannot be loaded is reported (its factor is dropped), not thrown. */
  private async loadProxies(): Promise<{ proxySymbols: string[]; proxySeries: PriceSeries[]; proxyFailures: [string, string][] }> {
    const symbols = [...new Set(this.proxySet.factors.flatMap((f) => f.symbols))];
    const outcomes = await Promise.all(
      symbols.map((symbol) =>
        this.seriesCache.load(symbol, "1d").then(
          (loaded) => loaded.series,
          (error: unknown) => {
            if (!(error instanceof AppError)) throw error;
            return `${symbol} could not be loaded (${error.code}: ${error.message})`;
          },
        ),
      ),
    );
    const loaded = { proxySymbols: [] as string[], proxySeries: [] as PriceSeries[], proxyFailures: [] as [string, string][] };
    outcomes.forEach((outcome, i) => {
      if (typeof outcome === "string") loaded.proxyFailures.push([symbols[i], outcome]);
      else {
        loaded.proxySymbols.push(symbols[i]);
        loaded.proxySeries.push(outcome);
      }
    });
    return loaded;
  }
}
