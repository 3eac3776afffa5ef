import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { intParam, symbolListParam } from "../params.js";
import { MOMENTUM_METHOD, momentumRowFields } from "./momentum-row.js";

const params = z.object({
  universe: symbolListParam({
    min: 1,
    max: 100,
    description: "Optional comma-separated symbols to rank, 1 to 100; default the configured universe (see universe_source)",
    example: "AAPL,MSFT,NVDA,BTC,ZZZZQ",
  }).optional(),
  top_n: intParam({ min: 1, max: 50, default: 10, description: "How many of the strongest names to return, 1 to 50" }),
});
export type MomentumScanParams = z.infer<typeof params>;

export const MomentumRowSchema = z.object(momentumRowFields).openapi("MomentumRow");

const response = z
  .object({
    universe_source: z.string().openapi({ description: "What the ranked universe is" }),
    universe_size: z.number().int().openapi({ description: "Names scanned" }),
    ranked_count: z.number().int().openapi({ description: "Names that have a composite score (results holds the first top_n of them)" }),
    top_n: z.number().int(),
    results: z.array(MomentumRowSchema).openapi({ description: "The top_n strongest names, rank 1 first" }),
    not_ranked: z.array(MomentumRowSchema).openapi({ description: "Every name without a score, with its status and error" }),
    method: z.string(),
  })
  .openapi("MomentumScan");

export const momentumScanContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_momentum_scan",
  description:
    "Ranks every name of a universe by price momentum, strongest first, and returns the top_n with their measures. The default " +
    "universe is set by the deployment: live, a static list of 40 large, liquid US stocks and 5 major crypto assets; on the offline " +
    "dataset (MARKET_DATA_DIR), every price file of that folder (yield indices such as ^TNX, which quote a rate rather than a price, " +
    "are left out). Each name is measured as of its own latest bar (as_of), so names whose data ends on different days are each as " +
    "fresh as their data. A name that cannot be loaded or lacks a year of history stays in the 200 response under not_ranked with a " +
    `status and error. When every name fails, the answer is the error they share (404 UNKNOWN_TICKER / NO_DATA, 503 UPSTREAM_UNAVAILABLE with Retry-After) and nothing is charged. ${MOMENTUM_METHOD}`,
  params,
  response,
  example: {
    params: { universe: "AAPL,MSFT,NVDA,BTC,ZZZZQ", top_n: 10 },
    response: {
      universe_source: "the caller's list",
      universe_size: 5,
      ranked_count: 4,
      top_n: 10,
      results: [
        {
          rank: 1,
          ticker: "NVDA",
          status: "ok",
          as_of: "2024-12-06",
          close: 142.440002,
          return_12m_1m: 2.2006957470325905,
          return_6m: 0.17748811070993709,
          return_3m: 0.38541288060665835,
          return_1m: -0.021703014204124904,
          distance_from_52w_high: -0.043190432957733726,
          volatility_1y: 0.5207703109349023,
          volatility_observations: 252,
          composite_score: 2.1253026702367603,
        },
        {
          rank: 2,
          ticker: "AAPL",
          status: "ok",
          as_of: "2024-12-06",
          close: 242.839996,
          return_12m_1m: 0.16246434573174162,
          return_6m: 0.25148383602745605,
          return_3m: 0.10092906554876646,
          return_1m: 0.09153720412970912,
          distance_from_52w_high: -0.0008228974891387741,
          volatility_1y: 0.224681350578281,
          volatility_observations: 252,
          composite_score: 1.078858949562225,
        },
        {
          rank: 3,
          ticker: "BTC",
          status: "ok",
          as_of: "2025-08-22",
          close: 116874.085938,
          return_12m_1m: 0.9872741022881288,
          return_6m: 0.21015530475981037,
          return_3m: 0.04657161166740598,
          return_1m: -0.0260120617808548,
          distance_from_52w_high: -0.05245470621660442,
          volatility_1y: 0.4566301549618385,
          volatility_observations: 365,
          composite_score: 1.0376901738067692,
        },
        {
          rank: 4,
          ticker: "MSFT",
          status: "ok",
          as_of: "2024-12-06",
          close: 443.570007,
          return_12m_1m: 0.1455432657862532,
          return_6m: 0.04885284154818614,
          return_3m: 0.10644229376586445,
          return_1m: 0.0577797608806343,
          distance_from_52w_high: -0.047696603394880244,
          volatility_1y: 0.19592600387042416,
          volatility_observations: 252,
          composite_score: 0.7383534486245877,
        },
      ],
      not_ranked: [
        {
          rank: null,
          ticker: "ZZZZQ",
          status: "unknown_ticker",
          as_of: null,
          close: null,
          return_12m_1m: null,
          return_6m: null,
          return_3m: null,
          return_1m: null,
          distance_from_52w_high: null,
          volatility_1y: null,
          volatility_observations: null,
          composite_score: null,
          error: "Unknown ticker \"ZZZZQ\": not in the offline dataset",
        },
      ],
      method: MOMENTUM_METHOD,
    },
  },
  errors: ["UNKNOWN_TICKER", "NO_DATA", "UPSTREAM_UNAVAILABLE"],
};
