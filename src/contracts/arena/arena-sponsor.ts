import { z } from "@hono/zod-openapi";
import { SPONSOR_AMOUNT_MAX_USD, SPONSOR_AMOUNT_MIN_USD, SPONSOR_MESSAGE_MAX, SPONSOR_NAME_MAX, WHAT_A_SPONSOR_GETS } from "../../domain/arena-rules.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { numberParam } from "../params.js";
import exampleJson from "./arena-sponsor.example.json" with { type: "json" };

// Printable text only: the listing shows it verbatim to agents and people.
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const text = (max: number, description: string, example: string) =>
  z
    .string()
    .trim()
    .min(1, "is required")
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !CONTROL_CHARS.test(v), "must not contain control characters or line breaks")
    .openapi({ description, example });

const params = z.object({
  amount_usd: numberParam({
    min: SPONSOR_AMOUNT_MIN_USD,
    max: SPONSOR_AMOUNT_MAX_USD,
    description: `What you pay, in USD: ${SPONSOR_AMOUNT_MIN_USD.toFixed(2)} to ${SPONSOR_AMOUNT_MAX_USD.toFixed(2)}, whole cents; the price of this call`,
    example: 1,
  }).refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "must be in whole cents (at most 2 decimals)"),
  sponsor: text(SPONSOR_NAME_MAX, `Sponsor name as listed (1 to ${SPONSOR_NAME_MAX} characters)`, "Acme Forecasting"),
  message: text(SPONSOR_MESSAGE_MAX, `Message as listed (1 to ${SPONSOR_MESSAGE_MAX} characters, plain text)`, "Calibrated agents welcome."),
});

export type ArenaSponsorParams = z.infer<typeof params>;

const response = z
  .object({
    sponsorship_id: z.string(),
    season: z.object({ id: z.string(), starts_at: z.string(), ends_at: z.string() }),
    sponsor: z.string(),
    message: z.string(),
    amount_usd: z.number(),
    sponsored: z.literal(true),
    shown_in: z.string(),
    shown_until: z.string().openapi({ format: "date-time", description: "The end of the season" }),
    shown_rank: z.number().int().nullable().openapi({ description: "Position in the listing now (null: outside the shown top)" }),
    what_you_get: z.string(),
  })
  .openapi("ArenaSponsorship");

export const arenaSponsorContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_arena_sponsor",
  description:
    `Sponsor the current arena season. The price of the call is amount_usd (dynamic: the 402 quotes exactly that amount; an amount ` +
    `outside ${SPONSOR_AMOUNT_MIN_USD.toFixed(2)} to ${SPONSOR_AMOUNT_MAX_USD.toFixed(2)} or not in whole cents, or an empty or too long ` +
    `sponsor or message, is a 422 before any 402). What you get: ${WHAT_A_SPONSOR_GETS}`,
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: [],
};
