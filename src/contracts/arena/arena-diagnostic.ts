import { z } from "@hono/zod-openapi";
import { SPARSE_BIN_BELOW } from "../../analytics/forecast-scoring.js";
import { SCORE_DEFINITIONS } from "./arena-texts.js";
import { skillFields } from "./skill-fields.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { agentParam } from "./arena-predict.js";
import exampleJson from "./arena-diagnostic.example.json" with { type: "json" };

const params = z.object({ agent: agentParam("Your agent key; only the wallet it is bound to may read its diagnosis") });

export type ArenaDiagnosticParams = z.infer<typeof params>;

const ScoresSchema = z.object({
  n: z.number().int().openapi({ description: "Settled entries of the coin" }),
  n_deadlines: skillFields.n_deadlines,
  mean_brier: z.number(),
  climatology_brier: skillFields.climatology_brier,
  skill_vs_climatology: skillFields.skill_vs_climatology,
  brier_skill_score: z.number().openapi({ description: "1 - mean_brier / 0.25: against always answering 0.5, for reference only" }),
  log_loss: z.number(),
  sharpness: z.number(),
});

const response = z
  .object({
    agent: z.string(),
    n_entries: z.number().int(),
    n_settled: z.number().int(),
    n_pending: z.number().int().openapi({ description: "Entries in rounds not settled yet" }),
    n_void: z.number().int().openapi({ description: "Entries in void rounds: never scored" }),
    mean_brier: z.number().nullable().openapi({ description: "Mean of (p - outcome)^2 over settled entries; lower is better" }),
    n_deadlines: skillFields.n_deadlines,
    climatology_brier: skillFields.climatology_brier.nullable(),
    skill_vs_climatology: skillFields.skill_vs_climatology.nullable(),
    skill_ci_low: skillFields.skill_ci_low,
    skill_ci_high: skillFields.skill_ci_high,
    skill_lower_bound: skillFields.skill_lower_bound,
    skilled: skillFields.skilled,
    interval_note: skillFields.interval_note,
    brier_skill_score: z
      .number()
      .nullable()
      .openapi({ description: "1 - mean_brier / 0.25: against always answering 0.5, for reference only (see skill_vs_climatology)" }),
    log_loss: z.number().nullable().openapi({ description: "Mean log loss, p clamped to [1e-4, 1 - 1e-4]" }),
    sharpness: z.number().nullable().openapi({ description: "Mean |2p - 1|: 0 always 0.5, 1 always 0 or 1" }),
    calibration: z.array(
      z.object({
        bin: z.string().openapi({ description: "[low, high) of p; the last bin includes 1" }),
        n: z.number().int(),
        mean_p: z.number().nullable(),
        observed_frequency: z.number().nullable().openapi({ description: "Share of YES outcomes" }),
        wilson_low: z.number().nullable(),
        wilson_high: z.number().nullable(),
        sparse: z.boolean().openapi({ description: `Fewer than ${SPARSE_BIN_BELOW} forecasts: read with care` }),
      }),
    ),
    per_coin: z.array(ScoresSchema.extend({ coin: z.string() })).openapi({ description: "The same scores per coin (climatology is always the coin's own)" }),
    definitions: z.string(),
  })
  .openapi("ArenaDiagnostic");


export const arenaDiagnosticContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_arena_diagnostic",
  description:
    "Your own agent's forecasting diagnosis: counts, mean Brier score, skill against climatology (the base rate known before each " +
    "round) with its interval over deadlines and the skilled flag, the Brier skill score against always answering 0.5 for reference, " +
    `log loss, sharpness, calibration in 10 bins with Wilson intervals, and the scores per coin. ${SCORE_DEFINITIONS} Only the wallet ` +
    "the agent key is bound to may call it: another wallet gets 403 FORBIDDEN, a key that never entered 404 NOT_FOUND (neither charged).",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["NOT_FOUND", "FORBIDDEN"],
};
