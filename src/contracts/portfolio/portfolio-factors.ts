import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { holdingsParam, PERIODS, periodParam } from "./portfolio-params.js";

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
  example: {
    params: { holdings: "AAPL:0.4,MSFT:0.3,NVDA:0.3", period: "1y" },
    response: {
      holdings: [{ ticker: "AAPL", weight: 0.4 }, { ticker: "MSFT", weight: 0.3 }, { ticker: "NVDA", weight: 0.3 }],
      period: "1y",
      proxy_set: {
        name: "offline_macro",
        description:
          "Cross-asset macro factors the offline dataset supports: market SPY, growth-vs-market QQQ - SPY, 10-year yield change (^TNX), " +
          "gold (GC=F), oil (CL=F) and the US dollar (inverse of EURUSD=X); equity style ETFs are not in the offline folder",
      },
      factors: [
        {
          factor: "market",
          description: "S&P 500 (SPY) daily return",
          construction: "return",
          symbols: ["SPY"],
          beta: 1.0380329982447927,
          std_error: 0.07445233362973785,
          t_stat: 13.942249324340589,
          factor_mean_return_annual: 0.3212752752839053,
          return_contribution_annual: 0.3334943372648734,
        },
        {
          factor: "growth",
          description: "Nasdaq-100 minus S&P 500 (QQQ - SPY)",
          construction: "spread",
          symbols: ["QQQ", "SPY"],
          beta: 1.571161217517182,
          std_error: 0.12336959575164468,
          t_stat: 12.735400549419701,
          factor_mean_return_annual: 0.024980016815578775,
          return_contribution_annual: 0.03924763363356443,
        },
        {
          factor: "rates",
          description: "Daily change of the 10-year Treasury yield (^TNX), decimal (0.0005 = +5 bp)",
          construction: "yield_change",
          symbols: ["^TNX"],
          beta: -0.19192416254134853,
          std_error: 0.818789201380085,
          t_stat: -0.23439996792563536,
          factor_mean_return_annual: 0.00030983606557376177,
          return_contribution_annual: -5.9465027410350574e-05,
        },
        {
          factor: "gold",
          description: "Gold front-month futures (GC=F) daily return",
          construction: "return",
          symbols: ["GC=F"],
          beta: -0.09444546530635765,
          std_error: 0.05127976882604992,
          t_stat: -1.8417685467095892,
          factor_mean_return_annual: 0.28198105122087447,
          return_contribution_annual: -0.02663183159013136,
        },
        {
          factor: "oil",
          description: "WTI crude (CL=F; the offline file is the EIA spot price) daily return",
          construction: "return",
          symbols: ["CL=F"],
          beta: 0.008422121115265094,
          std_error: 0.024621659519346296,
          t_stat: 0.34206147269023324,
          factor_mean_return_annual: 0.039655353559104184,
          return_contribution_annual: 0.00033398219054343414,
        },
        {
          factor: "dollar",
          description: "US dollar against the euro: daily return of 1 / EURUSD=X",
          construction: "inverse_return",
          symbols: ["EURUSD=X"],
          beta: 0.07232929984934959,
          std_error: 0.11806629582778555,
          t_stat: 0.6126159827598124,
          factor_mean_return_annual: 0.021928827733528118,
          return_contribution_annual: 0.0015860967564830884,
        },
      ],
      dropped_factors: [],
      alpha_annual: 0.22231592545336476,
      alpha_std_error_annual: 0.11398130495031904,
      alpha_t_stat: 1.9504595560672469,
      r_squared: 0.8025049612859121,
      adjusted_r_squared: 0.7975050868880871,
      residual_volatility_annual: 0.10957866140234925,
      book_mean_return_annual: 0.5702866786812874,
      book_volatility_annual: 0.2435111950224462,
      n: 244,
      start_date: "2023-12-06",
      end_date: "2024-12-06",
      periods_per_year: 252,
      skipped_gaps: 0,
      method: FACTOR_METHOD,
    },
  },
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
