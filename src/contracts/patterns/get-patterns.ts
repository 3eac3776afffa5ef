import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { EXAMPLE_MATCH, EXAMPLE_PARAMS, EXAMPLE_QUERY, PatternQueryEchoSchema, UNIVERSE_EXTENSION_TEXT } from "./get-patterns-raw.js";
import { PatternMatchSchema, PatternUniverseParamsSchema, UniverseReportSchema } from "./pattern-params.js";

const SummarySchema = z
  .object({
    "Average 7 day return": z.number().nullable().openapi({
      description: "Mean return from each analog's last close to the last close 7 calendar days later, decimal; null when no analog has that much history after it",
    }),
    "Average 30 day return": z.number().nullable().openapi({ description: "As above over 30 calendar days" }),
    "Pattern Average return": z.number().nullable().openapi({ description: "Mean return inside the analog windows, decimal" }),
    "Matches with 7 day history": z.number().int().openapi({ description: "How many analogs the 7-day average rests on" }),
    "Matches with 30 day history": z.number().int().openapi({ description: "How many analogs the 30-day average rests on" }),
    "Matches in pattern average": z.number().int().openapi({ description: "How many analogs the pattern average rests on (wrapped analogs are excluded)" }),
  })
  .openapi("PatternSummary");

const response = z
  .object({
    matches: z.array(PatternMatchSchema),
    summary: SummarySchema,
    query: PatternQueryEchoSchema,
    universe: UniverseReportSchema.optional().openapi({ description: "Extension: present only when `universe` was given" }),
  })
  .openapi("Patterns");

export const getPatternsContract: OperationContract<typeof PatternUniverseParamsSchema, typeof response> = {
  operationId: "get_patterns",
  description:
    "As /get_patterns_raw, plus what followed the analogs: the average return over the 7 and 30 calendar days after each analog and the " +
    "average return inside the analogs, each with the number of analogs it rests on. Only real history after each analog counts; " +
    "wrapped analogs never enter these figures." +
    UNIVERSE_EXTENSION_TEXT +
    " With `universe`, each analog's forward and in-window returns come from its own series.",
  params: PatternUniverseParamsSchema,
  response,
  example: {
    params: EXAMPLE_PARAMS,
    response: {
      matches: [EXAMPLE_MATCH],
      summary: {
        "Average 7 day return": -0.1115954107552839,
        "Average 30 day return": -0.1308311539849344,
        "Pattern Average return": -0.14655137173893507,
        "Matches with 7 day history": 1,
        "Matches with 30 day history": 1,
        "Matches in pattern average": 1,
      },
      query: EXAMPLE_QUERY,
    },
  },
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
