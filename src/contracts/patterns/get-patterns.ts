import { z } from "@hono/zod-openapi";
import { INTERVAL_TEXT, EvidenceSchema, ModeSchema } from "../evidence-schemas.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { PatternQueryEchoSchema, UNIVERSE_EXTENSION_TEXT } from "./get-patterns-raw.js";
import { PatternMatchSchema, PatternUniverseParamsSchema, UniverseReportSchema } from "./pattern-params.js";
import exampleJson from "./get-patterns.example.json" with { type: "json" };

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

const PoolingSchema = z
  .object({
    pooled: z
      .array(z.object({ ticker: z.string(), outcomes: z.number().int().openapi({ description: "Counted outcomes from this series" }) }))
      .openapi({ description: "Series whose outcomes entered the figures" }),
    excluded: z
      .array(z.object({ ticker: z.string(), outcomes: z.number().int(), reason: z.string() }))
      .openapi({ description: "Series whose analogs were left out of the figures (they stay in `matches`), and why" }),
  })
  .openapi("OutcomePooling", {
    description:
      "How a universe search's outcomes were pooled. Each analog's outcome is measured against its own series' baseline over the " +
      "horizon and scaled by its own daily volatility at the time (its window, at least 20 bars), then rescaled to the query's " +
      "volatility: outcome = baseline_query + (r - baseline_series) * vol_query / vol_series. So another series' drift (a coin's " +
      "+20% a month) never passes for an edge, and calm and wild periods weigh alike. Yields and volatility indices are never pooled " +
      "with prices (nor with each other). The excess then carries every pooled series' baseline error. The summary's averages above " +
      "stay the raw ones.",
  });

const PatternEvidenceSchema = EvidenceSchema.extend({
  pooling: PoolingSchema.nullable().openapi({ description: "Universe searches only: how other series' outcomes were made comparable; null otherwise" }),
}).openapi("PatternEvidence");

const response = z
  .object({
    matches: z.array(PatternMatchSchema),
    summary: SummarySchema,
    mode: ModeSchema,
    evidence: z.array(PatternEvidenceSchema).openapi({
      description:
        "Beside the summary, one entry per forward horizon (7 and 30 days): the unconditional baseline of the query ticker over its " +
        "whole history and the same horizon, the interval of the mean of the independent analog outcomes (their calendar spans share " +
        "no day, across series too), and the excess over the baseline with its interval, t statistic and p-values adjusted for both " +
        "horizons. With `universe`, outcomes from other series are made comparable first (see `pooling`)",
    }),
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
    " With `universe`, each analog's forward and in-window returns come from its own series. The summary keys are the spec's; " +
    "`evidence` beside them says whether the averages differ from what the ticker does anyway (mode full_history: analogs come " +
    "from the whole history). " +
    INTERVAL_TEXT,
  params: PatternUniverseParamsSchema,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
