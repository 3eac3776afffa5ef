import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { EXAMPLE_MATCH, EXAMPLE_PARAMS } from "./get-patterns-raw.js";
import { PatternParamsSchema } from "./pattern-params.js";

const OhlcPatternSchema = z
  .object({
    pattern_id: z.number().int().openapi({ description: "Rank, 1 = closest match" }),
    dates: z.array(z.string()),
    opens: z.array(z.number()),
    highs: z.array(z.number()),
    lows: z.array(z.number()),
    closes: z.array(z.number()),
    similarity: z.number().openapi({ description: "Lower = closer; see /get_patterns_raw" }),
    query_return: z.number().openapi({ description: "Total return of the query window, decimal" }),
    match_return: z.number().nullable(),
    wrapped: z.boolean(),
    description: z.string(),
  })
  .openapi("OhlcPattern");

const response = z
  .object({
    ticker: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    timeframe: z.enum(["1d", "1h", "30m", "15m"]),
    query_return: z.number(),
    patterns: z.array(OhlcPatternSchema),
  })
  .openapi("PatternsOhlc");

export const getPatternsOhlcContract: OperationContract<typeof PatternParamsSchema, typeof response> = {
  operationId: "get_patterns_ohlc",
  description: "As /get_patterns_raw, with the open, high, low and close arrays of every analog; pattern_id is the rank.",
  params: PatternParamsSchema,
  response,
  example: {
    params: EXAMPLE_PARAMS,
    response: {
      ticker: "AAPL",
      start_date: "2024-10-01",
      end_date: "2024-10-08",
      timeframe: "1d",
      query_return: EXAMPLE_MATCH.query_return,
      patterns: [
        {
          pattern_id: 1,
          dates: EXAMPLE_MATCH.dates,
          opens: [0.350976, 0.363479, 0.374776, 0.361219, 0.32808],
          highs: [0.373722, 0.376734, 0.37809, 0.379897, 0.343143],
          lows: [0.350976, 0.35911, 0.360164, 0.346608, 0.307594],
          closes: EXAMPLE_MATCH.closes,
          similarity: EXAMPLE_MATCH.similarity,
          query_return: EXAMPLE_MATCH.query_return,
          match_return: EXAMPLE_MATCH.match_return,
          wrapped: false,
          description: EXAMPLE_MATCH.description,
        },
      ],
    },
  },
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
