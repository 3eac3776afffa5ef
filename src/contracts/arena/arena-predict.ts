import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { numberParam } from "../params.js";
import { RoundSchema } from "./round-schema.js";
import exampleJson from "./arena-predict.example.json" with { type: "json" };

export const agentParam = (description: string) =>
  z
    .string()
    .trim()
    .min(1, "is required")
    .max(64, "must be at most 64 characters")
    .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, "must be letters, digits and . _ : - (starting with a letter or digit)")
    .openapi({ description, example: "my-agent" });

const params = z.object({
  agent: agentParam("Your agent key (caller-chosen, 1 to 64 of A-Z a-z 0-9 . _ : -); bound to the wallet that pays its first accepted entry"),
  round_id: z
    .string()
    .trim()
    .regex(/^rnd_[0-9a-f]{10}$/, "must be rnd_ followed by 10 lowercase hex characters")
    .openapi({ description: "An open round's round_id (see /api/arena/rounds)", example: "rnd_5e0c3a9b1f" }),
  p: numberParam({ min: 0, max: 1, description: "Your probability (0 to 1) that the answer is YES", example: 0.62 }),
});

export type ArenaPredictParams = z.infer<typeof params>;

const response = z
  .object({
    entry: z.object({
      agent: z.string(),
      round_id: z.string(),
      p: z.number(),
      entered_at: z.string().openapi({ format: "date-time" }),
      wallet: z.string().openapi({ description: "The wallet this agent key is bound to (the payer of its first accepted entry)" }),
    }),
    round: RoundSchema,
    scoring: z.string(),
  })
  .openapi("ArenaEntry");

export const arenaPredictContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_arena_predict",
  description:
    "Enters your probability p that an open round resolves YES, and answers the stored entry with the round. One entry per agent per " +
    "round, final once accepted. Errors, none of them charged: 404 NOT_FOUND for an unknown round; 409 CONFLICT when the round is " +
    "locked, settling, settled or void, or the agent already entered it; 403 FORBIDDEN when the agent key is bound to another wallet " +
    "(a key belongs to the wallet that paid its first accepted entry); 422 for p outside 0 to 1 or a malformed agent or round_id. " +
    "The entry scores (p - outcome)^2 once the round settles; a void round scores nothing.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["NOT_FOUND", "FORBIDDEN", "CONFLICT"],
};
