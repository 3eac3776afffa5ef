import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { holdingsParam, PERIODS, periodParam } from "./portfolio-params.js";
import exampleJson from "./portfolio-factors.example.json" with { type: "json" };

const params = z.object({
  holdings: holdingsParam(),
  period: periodParam("daily returns the regression runs on"),
});
export type PortfolioFactorsParams = z.infer<typeof params>;

const CONSTRUCTIONS = ["return", "spread", "yield_change", "inverse_return"] as const;

const FactorSchema = z
  .object({
    factor: z.string().openapi({ description: "Factor name (market, size, value, momentum, quality, low_volatility; offline: market, growth, rates, gold, oil, dollar)" }),
    description: z.string(),
    construction: z.enum(CONSTRUCTIONS).openapi({
      description:
        "return: one instrument's daily simple return; spread: first symbol's return minus the second's; yield_change: the day's change " +
        "of a yield quoted in percent, as a decimal (+5 bp = 0.0005); inverse_return: the return of 1 / price",
    }),
    symbols: z.array(z.string()).openapi({ description: "The proxy's instruments (long first for a spread)" }),
    beta: z.number().openapi({ description: "OLS loading of the book's daily return on the factor" }),
    std_error: z.number().openapi({ description: "Classical OLS standard error of beta" }),
    t_stat: z.number().nullable().openapi({ description: "beta / std_error; null when std_error is 0 (a perfect fit)" }),
    factor_mean_return_annual: z.number().openapi({ description: "The factor's mean daily value over the sample times periods_per_year" }),
    return_contribution_annual: z.number().openapi({
      description: "beta * factor_mean_return_annual; with alpha_annual these add up to book_mean_return_annual (an OLS identity)",
    }),
  })
  .openapi("FactorExposure");

const DroppedSchema = z
  .object({
    factor: z.string(),
    symbols: z.array(z.string()),
    reason: z.string().openapi({ description: "Why the proxy is not in the regression (could not be loaded, or history too short for the period)" }),
  })
  .openapi("DroppedFactor");

const response = z
  .object({
    holdings: z
      .array(z.object({ ticker: z.string(), weight: z.number().openapi({ description: "Normalised weight; the weights sum to 1" }) }))
      .openapi({ description: "The book as regressed, in request order" }),
    period: z.enum(PERIODS),
    proxy_set: z
      .object({
        name: z.enum(["us_equity_styles", "offline_macro"]),
        description: z.string(),
      })
      .openapi({ description: "Which table of factor proxies was used: us_equity_styles live, offline_macro on the offline dataset" }),
    factors: z.array(FactorSchema).openapi({ description: "One row per factor in the regression" }),
    dropped_factors: z.array(DroppedSchema),
    alpha_annual: z.number().openapi({ description: "Regression intercept (daily) times periods_per_year: return not explained by the factors" }),
    alpha_std_error_annual: z.number(),
    alpha_t_stat: z.number().nullable(),
    r_squared: z.number().openapi({ description: "Share of the book's daily return variance the factors explain" }),
    adjusted_r_squared: z.number(),
    residual_volatility_annual: z.number().openapi({ description: "Standard deviation of the residuals (dof n - k - 1) times sqrt(periods_per_year)" }),
    book_mean_return_annual: z.number().openapi({ description: "The book's mean daily return times periods_per_year" }),
    book_volatility_annual: z.number(),
    n: z.number().int().openapi({ description: "Daily observations in the regression" }),
    start_date: z.string().openapi({ description: "Date of the first close used" }),
    end_date: z.string().openapi({ description: "Date of the last close used: the latest date every holding shares" }),
    periods_per_year: z.number().int().openapi({ description: "252: the proxies trade on exchange calendars, so the shared dates are trading days" }),
    skipped_gaps: z.number().int().openapi({ description: "Steps between shared dates longer than 5 days (a data hole) left out" }),
    method: z.string(),
  })
  .openapi("PortfolioFactors");

export const FACTOR_METHOD =
  "OLS of the book's daily simple return on an intercept and the factor proxies' daily returns over the shared dates; classical " +
  "standard errors; alpha and means annualised by periods_per_year, volatilities by its square root";

export const portfolioFactorsContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_portfolio_factors",
  description:
    "Price-based factor decomposition of a long-only book: ordinary least squares of the book's daily simple return (constant weights, " +
    "i.e. rebalanced daily) on an intercept and daily factor-proxy returns, over the period ending on the latest date every holding " +
    "shares, on the dates every holding and proxy share. Betas come with classical standard errors (s²(X'X)⁻¹, s² = RSS/(n - k - 1)) and " +
    "t-statistics; alpha is the intercept times 252 (arithmetic). Returns are raw, not in excess of cash, so alpha includes the cash rate " +
    "times (1 - market beta). The proxies come from a table chosen by the deployment and are reported with their symbols: live, " +
    "us_equity_styles (market SPY; size IWM - SPY; value IVE - IVW; momentum MTUM - SPY; quality QUAL - SPY; low_volatility USMV - SPY); " +
    "on the offline dataset (MARKET_DATA_DIR), which holds no style ETFs, offline_macro (market SPY; growth QQQ - SPY; rates = daily " +
    "change of ^TNX; gold GC=F; oil CL=F; dollar = 1 / EURUSD=X). A proxy that cannot be loaded, or whose history does not reach within " +
    "7 days of both ends of the period, is dropped and listed in dropped_factors. Daily returns of many spreads are correlated, so " +
    "read single betas with their standard errors. Errors: an unknown holding is 404 naming holdings; a malformed or duplicated holding " +
    "is 422; fewer than 30 shared daily returns is 404 NO_DATA.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
