import { alignPanel, stepReturns, type TimedCloses } from "../../analytics/aligned-panel.js";
import { olsWithIntercept } from "../../analytics/factor-regression.js";
import { proxyReturns } from "../../analytics/proxy-returns.js";
import { TRADING_DAYS_PER_YEAR } from "../../analytics/return-moments.js";
import { AppError } from "../../domain/app-error.js";
import type { SeriesCache } from "../market-data/series-cache.js";
import { loadAssets } from "./asset-loader.js";
import type { FactorProxy, FactorProxySet } from "./factor-proxies.js";
import { checkPanel, lookbackWindow } from "./lookback-window.js";
import { DAY_MS } from "../../domain/bar.js";

export interface Holding {
  ticker: string;
  weight: number;
}

export interface FactorQuery {
  holdings: Holding[];
  months: number;
}

export interface FactorExposure {
  proxy: FactorProxy;
  beta: number;
  stdError: number;
  tStat: number | null;
  factorMeanAnnual: number;
  contributionAnnual: number;
}

export interface DroppedFactor {
  proxy: FactorProxy;
  reason: string;
}

export interface FactorResult {
  holdings: Holding[];
  proxySet: FactorProxySet;
  exposures: FactorExposure[];
  dropped: DroppedFactor[];
  alphaAnnual: number;
  alphaStdErrorAnnual: number;
  alphaTStat: number | null;
  rSquared: number;
  adjustedRSquared: number;
  residualVolatilityAnnual: number;
  bookMeanAnnual: number;
  bookVolatilityAnnual: number;
  n: number;
  startMs: number;
  endMs: number;
  periodsPerYear: number;
  skippedSteps: number;
}

/** A proxy must have history within this many days of both ends of the book's window. */
const SPAN_TOLERANCE_MS = 7 * DAY_MS;
const MIN_OBSERVATIONS = 30;

/**
 * Regresses the book's daily return (constant weights, i.e. rebalanced daily) on the factor proxies of the
 * configured set, over the look-back period that ends on the book's latest shared date. A proxy whose
 * instruments cannot be loaded or do not span the window is dropped and reported; the rest are aligned
 * with the book on the dates every series shares.
 */
export class FactorService {
  constructor(
    private readonly seriesCache: SeriesCache,
    private readonly proxySet: FactorProxySet,
  ) {}

  async decompose(query: FactorQuery): Promise<FactorResult> {
    const assets = await loadAssets(this.seriesCache, query.holdings.map((h) => h.ticker), "holdings");
    const holdings = assets.map((a, i) => ({ ticker: a.ticker, weight: query.holdings[i].weight }));
    const window = lookbackWindow(assets.map((a) => a.series), query.months, "holdings");
    const { kept, dropped } = await this.loadProxies(window.fromMs, window.endMs);
    if (kept.length === 0) throw new AppError("UPSTREAM_UNAVAILABLE", "no factor proxy could be loaded for the period", { retryAfterSeconds: 60 });

    const legs = kept.flatMap((k) => k.legs);
    const panel = alignPanel([...assets.map((a) => a.series), ...legs], window.fromMs, window.endMs);
    checkPanel(panel, holdings.map((h) => h.ticker), MIN_OBSERVATIONS, "holdings");
    const bookReturns = new Float64Array(panel.stepEnds.length);
    holdings.forEach((h, i) => stepReturns(panel.closes[i], panel.stepEnds).forEach((r, t) => (bookReturns[t] += h.weight * r)));
    let offset = assets.length;
    const factorReturns = kept.map((k) => {
      const columns = panel.closes.slice(offset, offset + k.legs.length);
      offset += k.legs.length;
      return proxyReturns(k.proxy.construction, columns, panel.stepEnds);
    });

    const outcome = olsWithIntercept(bookReturns, factorReturns);
    // The proxy tables hold distinct instruments, so a singular design is a data defect, not a caller's error.
    if (outcome.kind !== "ok") throw new Error(`factor regression failed: ${outcome.kind}`);
    const fit = outcome.fit;
    // The proxies trade on exchange calendars, so the dates shared with them are trading days.
    const perYear = TRADING_DAYS_PER_YEAR;
    const annualMean = (xs: Float64Array) => (xs.reduce((s, x) => s + x, 0) / xs.length) * perYear;
    const bookMean = bookReturns.reduce((s, x) => s + x, 0) / bookReturns.length;
    const bookVariance = bookReturns.reduce((s, x) => s + (x - bookMean) ** 2, 0) / (bookReturns.length - 1);
    const tStat = (value: number, se: number) => (se > 0 ? value / se : null);
    return {
      holdings,
      proxySet: this.proxySet,
      exposures: kept.map((k, j) => {
        const factorMeanAnnual = annualMean(factorReturns[j]);
        return {
          proxy: k.proxy,
          beta: fit.betas[j],
          stdError: fit.betaStdErrors[j],
          tStat: tStat(fit.betas[j], fit.betaStdErrors[j]),
          factorMeanAnnual,
          contributionAnnual: fit.betas[j] * factorMeanAnnual,
        };
      }),
      dropped,
      alphaAnnual: fit.intercept * perYear,
      alphaStdErrorAnnual: fit.interceptStdError * perYear,
      alphaTStat: tStat(fit.intercept, fit.interceptStdError),
      rSquared: fit.rSquared,
      adjustedRSquared: fit.adjustedRSquared,
      residualVolatilityAnnual: fit.residualStd * Math.sqrt(perYear),
      bookMeanAnnual: bookMean * perYear,
      bookVolatilityAnnual: Math.sqrt(bookVariance * perYear),
      n: fit.n,
      startMs: panel.timesMs[panel.stepEnds[0] - 1],
      endMs: panel.timesMs[panel.stepEnds[panel.stepEnds.length - 1]],
      periodsPerYear: perYear,
      skippedSteps: panel.skippedSteps,
    };
  }

  private async loadProxies(fromMs: number, endMs: number): Promise<{ kept: { proxy: FactorProxy; legs: TimedCloses[] }[]; dropped: DroppedFactor[] }> {
    const symbols = [...new Set(this.proxySet.factors.flatMap((f) => f.symbols))];
    const loaded = new Map<string, TimedCloses | string>();
    await Promise.all(
      symbols.map(async (symbol) => {
        try {
          loaded.set(symbol, (await this.seriesCache.load(symbol, "1d")).series);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          loaded.set(symbol, `${symbol} could not be loaded (${error.code}: ${error.message})`);
        }
      }),
    );
    const kept: { proxy: FactorProxy; legs: TimedCloses[] }[] = [];
    const dropped: DroppedFactor[] = [];
    for (const proxy of this.proxySet.factors) {
      const legs = proxy.symbols.map((s) => loaded.get(s) as TimedCloses | string);
      const failure = legs.find((leg): leg is string => typeof leg === "string");
      if (failure !== undefined) {
        dropped.push({ proxy, reason: failure });
        continue;
      }
      const short = proxy.symbols.find((_, i) => !spans(legs[i] as TimedCloses, fromMs, endMs));
      if (short !== undefined) dropped.push({ proxy, reason: `${short}'s history does not span the book's period` });
      else kept.push({ proxy, legs: legs as TimedCloses[] });
    }
    return { kept, dropped };
  }
}

function spans(series: TimedCloses, fromMs: number, endMs: number): boolean {
  const n = series.timesMs.length;
  return n > 0 && series.timesMs[0] <= fromMs + SPAN_TOLERANCE_MS && series.timesMs[n - 1] >= endMs - SPAN_TOLERANCE_MS;
}
