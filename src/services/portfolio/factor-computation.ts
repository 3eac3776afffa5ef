import { alignPanel, stepReturns, type TimedCloses } from "../../analytics/aligned-panel.js";
import { olsWithIntercept } from "../../analytics/factor-regression.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import { proxyReturns } from "../../analytics/proxy-returns.js";
import { TRADING_DAYS_PER_YEAR } from "../../analytics/return-moments.js";
import { AppError } from "../../domain/app-error.js";
import { DAY_MS } from "../../domain/bar.js";
import type { FactorProxy, FactorProxySet } from "./factor-proxies.js";
import { checkPanel, lookbackWindow } from "./lookback-window.js";

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

/** What the decomposition needs besides the histories: the book, the period, the proxies and what failed to load. */
export interface FactorInputs {
  /** The book's holdings, in the order of its histories (the first histories given). */
  holdings: Holding[];
  months: number;
  proxySet: FactorProxySet;
  /** The proxy symbols whose histories follow the book's, in that order. */
  proxySymbols: string[];
  /** Proxy symbols that could not be loaded, with why. */
  proxyFailures: [symbol: string, reason: string][];
}

/**
 * Regresses the book's daily return (constant weights, i.e. rebalanced daily) on the factor proxies, over the
 * look-back period that ends on the book's latest shared date. A proxy whose instruments could not be loaded or
 * do not span the window is dropped and reported; the rest are aligned with the book on the dates every series
 * shares. Runs on the search workers.
 */
export function decomposeHistories(series: readonly PriceSeries[], query: FactorInputs): FactorResult {
  const { holdings } = query;
  const books = series.slice(0, holdings.length);
  const loaded = new Map<string, TimedCloses | string>(query.proxyFailures);
  query.proxySymbols.forEach((symbol, i) => loaded.set(symbol, series[holdings.length + i]));
  const window = lookbackWindow(books, query.months, "holdings");
  const { kept, dropped } = usableProxies(query.proxySet, loaded, window.fromMs, window.endMs);
  if (kept.length === 0) throw new AppError("UPSTREAM_UNAVAILABLE", "no factor proxy could be loaded for the period", { retryAfterSeconds: 60 });

  const legs = kept.flatMap((k) => k.legs);
  const panel = alignPanel([...books, ...legs], window.fromMs, window.endMs);
  checkPanel(panel, holdings.map((h) => h.ticker), MIN_OBSERVATIONS, "holdings");
  const bookReturns = new Float64Array(panel.stepEnds.length);
  holdings.forEach((h, i) => stepReturns(panel.closes[i], panel.stepEnds).forEach((r, t) => (bookReturns[t] += h.weight * r)));
  let offset = books.length;
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
    proxySet: query.proxySet,
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

function usableProxies(proxySet: FactorProxySet, loaded: Map<string, TimedCloses | string>, fromMs: number, endMs: number): { kept: { proxy: FactorProxy; legs: TimedCloses[] }[]; dropped: DroppedFactor[] } {
  const kept: { proxy: FactorProxy; legs: TimedCloses[] }[] = [];
  const dropped: DroppedFactor[] = [];
  for (const proxy of proxySet.factors) {
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

function spans(series: TimedCloses, fromMs: number, endMs: number): boolean {
  const n = series.timesMs.length;
  return n > 0 && series.timesMs[0] <= fromMs + SPAN_TOLERANCE_MS && series.timesMs[n - 1] >= endMs - SPAN_TOLERANCE_MS;
}
