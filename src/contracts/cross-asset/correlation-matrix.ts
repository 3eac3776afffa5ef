import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { enumParam, symbolListParam } from "../params.js";
import exampleJson from "./correlation-matrix.example.json" with { type: "json" };

export const CORRELATION_PERIODS = ["3mo", "6mo", "1y", "2y", "5y"] as const;
export const PERIOD_MONTHS: Record<(typeof CORRELATION_PERIODS)[number], number> = { "3mo": 3, "6mo": 6, "1y": 12, "2y": 24, "5y": 60 };

const params = z.object({
  tickers: symbolListParam({ min: 2, max: 30, description: "Comma-separated symbols, 2 to 30", example: "AAPL,MSFT,SPY,GC=F" }),
  period: enumParam(CORRELATION_PERIODS, {
    default: "1y",
    description: "Calendar span ending at the latest date all tickers share: 3mo, 6mo, 1y (default), 2y or 5y",
  }),
});

const PairSchema = z
  .object({
    a: z.string(),
    b: z.string(),
    correlation: z.number(),
  })
  .openapi("CorrelationPair");

const response = z
  .object({
    tickers: z.array(z.string()).openapi({ description: "Row and column order of the matrix" }),
    period: z.enum(CORRELATION_PERIODS),
    start_date: z.string().openapi({ description: "First shared date of the period: the base of the first return" }),
    end_date: z.string().openapi({ description: "Latest date all tickers share" }),
    n_returns: z.number().int().openapi({ description: "Daily returns behind every entry (the same dates for every pair)" }),
    dropped_returns: z.number().int().openapi({
      description: "Steps between shared dates left out: some price not positive, or a gap longer than a normal market closure (a data hole)",
    }),
    matrix: z
      .array(z.array(z.number().nullable()))
      .openapi({ description: "matrix[i][j]: Pearson correlation of tickers[i] and tickers[j]; null for a series whose returns never vary" }),
    strongest_pairs: z.array(PairSchema).openapi({ description: "The 3 pairs with the highest correlation, highest first" }),
    weakest_pairs: z.array(PairSchema).openapi({ description: "The 3 pairs with the lowest correlation, lowest first" }),
    diversification: z
      .object({
        score: z.number().nullable().openapi({ description: "1 - mean_correlation: 0 when everything moves as one, 1 when uncorrelated on average, up to 2" }),
        mean_correlation: z.number().nullable().openapi({ description: "Mean of the off-diagonal entries" }),
        effective_bets: z.number().nullable().openapi({
          description: "N^2 / sum of the squared matrix entries: the participation ratio of the correlation matrix's eigenvalues, from 1 (one bet) to N (independent)",
        }),
        tickers: z.number().int().openapi({ description: "N, the most effective_bets can be" }),
      })
      .openapi({ description: "Equal-weight view of the matrix; null figures when some entry is null" }),
  })
  .openapi("CorrelationMatrix");

export const correlationMatrixContract: OperationContract<typeof params, typeof response> = {
  operationId: "correlation_matrix",
  description:
    "Pairwise Pearson correlation of daily simple returns. The tickers' daily closes are aligned on the dates all of them trade " +
    "(intersection, no filling: a crypto asset's weekend is skipped, so its Monday return runs from Friday), and returns run from one " +
    "shared date to the next over the period ending at the latest shared date. Every pair uses the same dates, so the matrix is " +
    "consistent (positive semi-definite); a return touching a price at or below zero, or spanning a gap longer than a normal market " +
    "closure (more than 4 days plus a bar), is dropped for all tickers. Reported: the full " +
    "matrix, n, the 3 strongest and 3 weakest pairs, and diversification: score = 1 - mean off-diagonal correlation and effective " +
    "bets = N^2 / sum_ij c_ij^2 (= (sum of eigenvalues)^2 / sum of squared eigenvalues). The standard error of a correlation is about " +
    "1/sqrt(n). An unknown ticker fails the whole call with 404 UNKNOWN_TICKER naming it in details (the matrix needs every ticker); " +
    "fewer than 20 shared daily returns in the period is a 422.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "UPSTREAM_UNAVAILABLE"],
};
