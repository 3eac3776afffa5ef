import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { PatternParamsSchema } from "./pattern-params.js";
import exampleJson from "./get-patterns-ohlc.example.json" with { type: "json" };

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
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
