import { alignPanel, stepReturns } from "../../analytics/aligned-panel.js";
import { ledoitWolf } from "../../analytics/ledoit-wolf.js";
import { optimizeMeanVariance, type MeanVarianceObjective } from "../../analytics/mean-variance.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import type { QuadraticSolver } from "../../analytics/quadratic-program.js";
import { annualMoments } from "../../analytics/return-moments.js";
import { validationError } from "../../domain/app-error.js";
import { checkPanel, lookbackWindow } from "./lookback-window.js";

export interface OptimizeQuery {
  tickers: string[];
  months: number;
  objective: MeanVarianceObjective;
  riskFreeRate: number;
  covariance: CovarianceEstimator;
}

/** sample: the n - 1 sample covariance; ledoit_wolf: shrunk toward a scaled identity (analytics/ledoit-wolf.ts). */
export type CovarianceEstimator = "sample" | "ledoit_wolf";

export interface OptimizedAsset {
  ticker: string;
  weight: number;
  meanReturnAnnual: number;
  volatilityAnnual: number;
}

export interface OptimizeResult {
  assets: OptimizedAsset[];
  expectedReturnAnnual: number;
  volatilityAnnual: number;
  ratio: number | null;
  method: string;
  covariance: CovarianceEstimator;
  /** Ledoit-Wolf intensity in [0, 1]; null for the sample covariance. */
  shrinkageIntensity: number | null;
  n: number;
  /** Close the first return starts from, and the last close used. */
  startMs: number;
  endMs: number;
  periodsPerYear: number;
  skippedSteps: number;
}

/** Fewer daily returns than this make a covariance matrix of 30 assets mostly noise. */
const MIN_OBSERVATIONS = 20;

/** The query with the tickers as loaded (the histories' order) and the book's periods per year. */
export interface OptimizeInputs extends OptimizeQuery {
  periodsPerYear: number;
}

/**
 * Long-only mean-variance weights over the look-back period of the histories (analytics/mean-variance.ts):
 * aligned daily returns, their annual moments (Ledoit-Wolf shrunk on request), the quadratic program. 422s name
 * the parameter at fault. Runs on the search workers, with the worker's own solver.
 */
export function optimizeHistories(series: readonly PriceSeries[], query: OptimizeInputs, solver: QuadraticSolver): OptimizeResult {
  const { tickers } = query;
  const window = lookbackWindow(series, query.months, "tickers");
  const panel = alignPanel(series, window.fromMs, window.endMs);
  checkPanel(panel, tickers, Math.max(MIN_OBSERVATIONS, series.length + 2), "tickers");
  const returns = panel.closes.map((closes) => stepReturns(closes, panel.stepEnds));
  const perYear = query.periodsPerYear;
  const moments = annualMoments(returns, perYear);
  moments.covAnnual.forEach((row, i) => {
    if (!(row[i] > 0)) throw validationError("tickers", `${tickers[i]} did not move over the period (zero variance); its weight is undefined`);
  });

  const shrunk = query.covariance === "ledoit_wolf" ? ledoitWolf(returns) : null;
  const used = shrunk === null ? moments : { ...moments, covAnnual: shrunk.cov.map((row) => row.map((v) => v * perYear)) };
  const outcome = optimizeMeanVariance({ moments: used, riskFreeRate: query.riskFreeRate, objective: query.objective }, solver);
  if (outcome.kind === "no_excess_return") {
    throw validationError(
      "risk_free_rate",
      `no ticker's mean annual return over the period exceeds it (the best is ${outcome.bestMeanAnnual.toFixed(4)}), so max_ratio is undefined; ` +
        "lower risk_free_rate or use objective=min_volatility",
    );
  }
  if (outcome.kind === "solver_failed") throw new Error(`portfolio solver ended with status ${outcome.status}`);
  return {
    assets: tickers.map((ticker, i) => ({
      ticker,
      weight: outcome.weights[i],
      meanReturnAnnual: moments.meanAnnual[i],
      volatilityAnnual: Math.sqrt(moments.covAnnual[i][i]),
    })),
    expectedReturnAnnual: outcome.expectedReturn,
    volatilityAnnual: outcome.volatility,
    ratio: outcome.ratio,
    method: outcome.method,
    covariance: query.covariance,
    shrinkageIntensity: shrunk === null ? null : shrunk.intensity,
    n: moments.n,
    startMs: panel.timesMs[panel.stepEnds[0] - 1],
    endMs: panel.timesMs[panel.stepEnds[panel.stepEnds.length - 1]],
    periodsPerYear: perYear,
    skippedSteps: panel.skippedSteps,
  };
}
