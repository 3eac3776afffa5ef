import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { PatternMatchSchema, PatternUniverseParamsSchema, UniverseReportSchema } from "./pattern-params.js";
import exampleJson from "./get-patterns-raw.example.json" with { type: "json" };
import { storedBarsField } from "../stored-bars-field.js";

export const PatternQueryEchoSchema = z
  .object({
    ticker: z.string(),
    start_date: z.string(),
    end_date: z.string().openapi({ description: "Exclusive" }),
    timeframe: z.enum(["1d", "1h", "30m", "15m"]),
    metric: z.enum(["l1", "l2"]),
    bars: z.number().int().openapi({ description: "Bars in the query window" }),
    history_bars: z.number().int().openapi({ description: "Bars of history searched" }),
    cached: storedBarsField(),
  })
  .openapi("PatternQuery");

const response = z
  .object({
    matches: z.array(PatternMatchSchema).openapi({ description: "Ranked best first; never overlapping the query window or each other" }),
    query: PatternQueryEchoSchema,
    universe: UniverseReportSchema.optional().openapi({ description: "Extension: present only when `universe` was given" }),
  })
  .openapi("PatternsRaw");

/** The cross-asset extension, described once for both routes that take `universe`. */
export const UNIVERSE_EXTENSION_TEXT =
  " Extension (cross-asset analogs): with `universe`, the same query window is searched across the ticker's own history and the " +
  "stored daily history of every listed series (or of every series the node holds, for `all`) with one shared bound (exact, ranked " +
  "together); each match then names its series in `ticker`, windows of other series concurrent with the query are excluded, matches " +
  "never overlap within a series, and `universe` in the response lists the series searched with their kinds, those not stored yet " +
  "(never fetched by the search) and those skipped (unknown, no data) with why. " +
  "Similarity compares z-normalised shapes, so series of any price level are comparable. Without `universe` nothing changes.";

export const getPatternsRawContract: OperationContract<typeof PatternUniverseParamsSchema, typeof response> = {
  operationId: "get_patterns_raw",
  description:
    "The k historical windows of the ticker whose z-normalised close shape is closest to the query window [start_date, end_date). " +
    "Exact search (every window is scored). Matches never overlap the query window or each other, never span a gap in the history " +
    "(a closure longer than 4 days), and are ranked best first; ties go to the earlier window. No forward statistics. " +
    "The window must hold at least 5 bars and at most half of the history." +
    UNIVERSE_EXTENSION_TEXT,
  params: PatternUniverseParamsSchema,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
