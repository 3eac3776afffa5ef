import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { enumParam, numberParam, symbolListParam } from "../params.js";
import { PERIODS, periodParam } from "./portfolio-params.js";
import exampleJson from "./optimize-portfolio.example.json" with { type: "json" };

export const OBJECTIVES = ["max_ratio", "min_volatility", "max_return"] as const;
export const COVARIANCES = ["ledoit_wolf", "sample"] as const;

/** Said in every body: the optimiser's expected returns are the period's historical means, nothing more. */
export const EXPECTED_RETURNS_NOTE =
  "historical_mean: each asset's expected return is its mean daily return over the period, annualised (in-sample; past means " +
  "are a noisy guide to future returns, and the weights inherit that noise)";

const params = z.object({
  tickers: symbolListParam({ min: 2, max: 30, description: "Comma-separated symbols, 2 to 30 (duplicates removed)", example: "AAPL,MSFT,NVDA,SPY" }),
  period: periodParam("daily returns the optimizer estimates from"),
  objective: enumParam(OBJECTIVES, {
    default: "max_ratio",
    description:
      "max_ratio: maximise (expected return - risk_free_rate) / volatility; min_volatility: the minimum-variance portfolio; " +
      "max_return: the highest expected return (all weight in the highest-mean asset)",
  }),
  risk_free_rate: numberParam({
    min: -0.05,
    max: 0.25,
    default: 0.04,
    description: "Annual risk-free rate, decimal (0.04 = 4%), -0.05 to 0.25; enters max_ratio and the reported ratio",
  }),
  covariance: enumParam(COVARIANCES, {
    default: "ledoit_wolf",
    description:
      "Covariance estimator: ledoit_wolf (default): the sample covariance shrunk toward the identity scaled to the average " +
      "variance, with the Ledoit-Wolf (2004) optimal intensity (less noise, better-conditioned, less extreme weights); sample: the " +
      "plain n - 1 sample covariance",
  }),
});
export type OptimizePortfolioParams = z.infer<typeof params>;

const WeightSchema = z
  .object({
    ticker: z.string(),
    weight: z.number().openapi({ description: "Portfolio weight, 0 to 1; the weights sum to 1" }),
    mean_return_annual: z.number().openapi({ description: "The asset's mean daily simple return over the period times periods_per_year" }),
    volatility_annual: z.number().openapi({ description: "The asset's sample standard deviation of daily returns times sqrt(periods_per_year)" }),
  })
  .openapi("PortfolioWeight");

const response = z
  .object({
    objective: z.enum(OBJECTIVES),
    period: z.enum(PERIODS),
    risk_free_rate: z.number().openapi({ description: "Annual, decimal, as used" }),
    weights: z.array(WeightSchema).openapi({ description: "One row per ticker, in request order" }),
    expected_return_annual: z.number().openapi({ description: "w'μ: the portfolio's expected annual return, decimal (arithmetic, not compounded)" }),
    volatility_annual: z.number().openapi({ description: "sqrt(w'Σw): the portfolio's annualised volatility, decimal" }),
    ratio: z.number().nullable().openapi({ description: "(expected_return_annual - risk_free_rate) / volatility_annual (the Sharpe ratio); null at zero volatility" }),
    n: z.number().int().openapi({ description: "Daily return observations behind μ and Σ (shared dates of all tickers)" }),
    start_date: z.string().openapi({ description: "Date of the first close used (the first return runs from it to the next shared date)" }),
    end_date: z.string().openapi({ description: "Date of the last close used: the latest date all tickers share" }),
    periods_per_year: z.number().int().openapi({ description: "Annualisation factor: 252 trading days, or 365 when every ticker is crypto" }),
    skipped_gaps: z.number().int().openapi({ description: "Steps between shared dates longer than 5 days (a data hole) left out of the returns" }),
    method: z.string().openapi({ description: "The optimisation actually performed and the solver" }),
    covariance: z.enum(COVARIANCES).openapi({ description: "The covariance estimator Σ came from (volatility_annual and ratio use it)" }),
    shrinkage_intensity: z.number().nullable().openapi({
      description: "Ledoit-Wolf intensity δ in [0, 1]: Σ = δ·(tr(S)/p)·I + (1 - δ)·S with S the 1/n sample covariance; null for sample",
    }),
    expected_returns: z.string().openapi({ description: "Where μ comes from: always historical_mean (the period's mean daily returns, annualised)" }),
  })
  .openapi("OptimizePortfolio");

export const optimizePortfolioContract: OperationContract<typeof params, typeof response> = {
  operationId: "optimize_portfolio",
  description:
    "Long-only mean-variance optimisation (weights >= 0, summing to 1; no leverage, no shorting). Inputs: daily simple returns of each " +
    "ticker on the dates all tickers share (an intersection: a day one market is closed is skipped for all), over the period ending on " +
    "the latest shared date. μ is each asset's mean daily return (expected returns are historical means: the body says so in expected_returns) and Σ, by " +
    "default, the Ledoit-Wolf shrunk covariance (covariance=sample: the n - 1 sample covariance) of daily returns, both annualised by " +
    "periods_per_year: 252 trading days, or 365 when every ticker is crypto (then the shared dates include weekends). A book mixing crypto " +
    "with stocks is aligned to stock trading days, so a coin's weekend move sits in its Monday return. Objectives: min_volatility solves " +
    "min w'Σw; max_ratio maximises (w'μ - rf) / sqrt(w'Σw) through the standard transformation to the convex QP min y'Σy subject to " +
    "(μ - rf)'y = 1, y >= 0, w = y / sum(y) (needs one asset whose mean beats risk_free_rate, else 422 naming risk_free_rate); both are " +
    "solved by HiGHS, a maintained QP/LP solver. max_return puts all weight in the asset with the highest mean (the linear program's " +
    "vertex); an exact tie goes to the lower-volatility asset, then the earlier ticker. Weights below 1e-9 are reported as 0. These are " +
    "in-sample estimates from the period's history: expected returns estimated from one to five years of prices are noisy, and the " +
    "weights are only as good as they are. Errors: an unknown ticker is 404 naming tickers; two symbols for one instrument (BTC, BTC-USD), " +
    "a ticker without price movement, or a non-positive price in the period are 422; fewer than max(20, tickers + 2) shared daily " +
    "returns is 404 NO_DATA.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
