import { z } from "@hono/zod-openapi";
import { PRICE_CONDITIONS } from "../../domain/alert.js";
import type { OperationContract } from "../operation-contract.js";
import { enumParam, numberParam, tickerParam } from "../params.js";
import { alertKindContracts } from "./alert-kind-contracts.js";
import { alertStatusFields, expiresInDaysParam, STATES_TEXT, WEBHOOK_TEXT, webhookUrlParam } from "./alert-schemas.js";

const registerParams = z.object({
  ticker: tickerParam(),
  condition: enumParam(PRICE_CONDITIONS, {
    description:
      "price_above / price_below: the latest daily close is strictly above / below threshold; change_pct_above / change_pct_below: " +
      "its 1-day change (close / previous close - 1, decimal: 0.05 = +5%) is strictly above / below threshold",
  }),
  threshold: numberParam({ min: -1_000_000_000, max: 1_000_000_000, description: "Price (in the ticker's currency) or decimal 1-day change the condition compares with", example: 250 }),
  webhook_url: webhookUrlParam(),
  expires_in_days: expiresInDaysParam(),
});
export type WatchRegisterParams = z.infer<typeof registerParams>;

const priceStatusFields = {
  ...alertStatusFields,
  condition: z.enum(PRICE_CONDITIONS).openapi({ description: "The registered condition" }),
  threshold: z.number().openapi({ description: "The registered threshold" }),
  last_price: z.number().nullable().openapi({ description: "Latest close seen at the last check; null before the first check" }),
  last_change_pct: z.number().nullable().openapi({ description: "For change_pct_* conditions: the 1-day change seen at the last check; null otherwise or before it" }),
  triggered_value: z.number().nullable().openapi({ description: "The close (price_*) or 1-day change (change_pct_*) that fired the alert" }),
};

const statusExample = {
  watch_id: "3f9a1c0e5b7d4a2f8e6c1b0a9d8e7f60",
  status: "active",
  ticker: "AAPL",
  condition: "price_above" as const,
  threshold: 250,
  webhook_url: "https://hooks.example.com/precedent",
  created_at: "2024-12-06T15:00:00.000Z",
  expires_at: "2025-01-05T15:00:00.000Z",
  last_checked_at: "2024-12-06T15:01:00.000Z",
  last_observed_bar: "2024-12-06",
  last_price: 242.839996,
  last_change_pct: null,
  triggered_at: null,
  triggered_value: null,
  delivered_at: null,
  next_attempt_at: null,
  attempts: [],
};

const price = alertKindContracts({
  name: "Price",
  prefix: "watch",
  statusFields: priceStatusFields,
  statusWhat: "the last check",
  statusExample,
  uncheckedFields: { last_price: null },
});
const registerResponse = price.registerResponse;

export const watchRegisterContract: OperationContract<typeof registerParams, typeof registerResponse> = {
  operationId: "watch_register",
  description:
    "Registers a price alert: checked every minute against the latest daily bar (one price request per ticker per check), it calls " +
    "webhook_url once when the condition holds, including at the first check if it already holds. " +
    `${STATES_TEXT} ${WEBHOOK_TEXT} An unknown ticker is 404, a refused webhook_url 422; neither is charged.`,
  params: registerParams,
  response: registerResponse,
  example: {
    params: { ticker: "AAPL", condition: "price_above", threshold: 250, webhook_url: "https://hooks.example.com/precedent", expires_in_days: 30 },
    response: price.registrationExample,
  },
  errors: ["UNKNOWN_TICKER", "NO_DATA", "UPSTREAM_UNAVAILABLE"],
};

export const watchStatusContract = price.status;
export const watchCancelContract = price.cancel;
