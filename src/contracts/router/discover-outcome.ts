import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { numberParam } from "../params.js";
import { boundedText, needParam, originParam, pathParam, requiredBoolean } from "./router-params.js";

const params = z.object({
  need: needParam(),
  chosen_origin: originParam("Origin of the result chosen", "https://weather.x402app.org"),
  chosen_path: pathParam("Path of the result chosen", "/weather"),
  helped: requiredBoolean("Whether the result did what was needed"),
  paid_usd: numberParam({ min: 0, max: 10_000, description: "What the call cost, in USD (optional)", example: 0.001 }).optional(),
  note: boundedText({ min: 0, max: 500, description: "Free text, up to 500 characters (optional)", example: "fast, correct" }).optional(),
});
export type DiscoverOutcomeParams = z.infer<typeof params>;

const response = z
  .object({
    acknowledged: z.literal(true),
    id: z.string().openapi({ description: "Id of the stored report" }),
    recorded_at: z.string(),
    listed: z.boolean().openapi({ description: "Whether the chosen pair is one the router lists (only those feed its reliability figures)" }),
  })
  .openapi("RouterOutcomeAck");

export const discoverOutcomeContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_discover_outcome",
  description:
    "Free, POST. Reports which router result was chosen and whether it helped: stored with the caller's salted client key (never the " +
    "address or user-agent) and used for the results' reliability (one vote per client and path, latest wins, last 90 days) and the " +
    "aggregate demand reports. Lengths are bounded (need 500, origin 300, path 2048, note 500 characters).",
  params,
  response,
  example: {
    params: { need: "weather forecast", chosen_origin: "https://weather.x402app.org", chosen_path: "/weather", helped: true, paid_usd: 0.001, note: "fast, correct" },
    response: { acknowledged: true, id: "5b0e8f0c-3f5e-4a8e-9a57-2f1d7c1f0b7e", recorded_at: "2026-11-23T12:00:00.000Z", listed: true },
  },
  errors: [],
};
