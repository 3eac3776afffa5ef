import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { enumParam, isoDateParam, numberParam, tickerParam } from "../params.js";
import { METRICS, TIMEFRAMES } from "../patterns/pattern-params.js";
import { alertKindContracts } from "./alert-kind-contracts.js";
import { alertStatusFields, expiresInDaysParam, STATES_TEXT, WEBHOOK_TEXT, webhookUrlParam } from "./alert-schemas.js";

export const DEFAULT_MAX_SIMILARITY = 0.3;

const registerParams = z
  .object({
    ticker: tickerParam("Asset whose latest price shape is watched"),
    ref_ticker: tickerParam("Asset whose history holds the reference window"),
    ref_start: isoDateParam("Reference window start, inclusive (YYYY-MM-DD)", "2024-10-01"),
    ref_end: isoDateParam("Reference window end, exclusive (YYYY-MM-DD), as end_date of /get_patterns", "2024-11-01"),
    webhook_url: webhookUrlParam(),
    max_similarity: numberParam({
      min: 0.01,
      max: 2,
      default: DEFAULT_MAX_SIMILARITY,
      description:
        "Fire when the similarity (as /get_patterns: z-normalised distance over sqrt(bars) for l2, over bars for l1; 0 = same shape) " +
        "of the latest window to the reference is at or below this (0.01 to 2, default 0.3, about a 0.95 correlation for l2)",
    }),
    timeframe: enumParam(TIMEFRAMES, { default: "1d", description: "Bar size of both windows" }),
    metric: enumParam(METRICS, { default: "l2", description: "Distance between z-normalised closes: l2 (Euclidean) or l1 (absolute)" }),
    expires_in_days: expiresInDaysParam(),
  })
  .refine((p) => p.ref_start < p.ref_end, { message: "must be before ref_end (ref_end is exclusive)", path: ["ref_start"] });
export type PatternAlertParams = z.infer<typeof registerParams>;

const patternStatusFields = {
  ...alertStatusFields,
  ref_ticker: z.string().openapi({ description: "Asset of the reference window" }),
  ref_start: z.string().openapi({ description: "Reference window start, inclusive" }),
  ref_end: z.string().openapi({ description: "Reference window end, exclusive" }),
  bars: z.number().int().openapi({ description: "Bars in the reference window, and so in every compared latest window" }),
  timeframe: z.enum(TIMEFRAMES).openapi({ description: "Bar size" }),
  metric: z.enum(METRICS).openapi({ description: "Distance metric" }),
  max_similarity: z.number().openapi({ description: "The firing threshold" }),
  last_similarity: z.number().nullable().openapi({ description: "Similarity of the latest window at the last check; null before it, or when that window spanned a gap" }),
  triggered_similarity: z.number().nullable().openapi({ description: "The similarity that fired the alert" }),
};

const statusExample = {
  watch_id: "8c2e4f6a0b1d3c5e7f9a1b2c3d4e5f60",
  status: "active",
  ticker: "SPY",
  webhook_url: "https://hooks.example.com/precedent",
  created_at: "2024-12-06T15:00:00.000Z",
  expires_at: "2025-01-05T15:00:00.000Z",
  last_checked_at: "2024-12-06T15:01:00.000Z",
  last_observed_bar: "2024-12-06",
  triggered_at: null,
  delivered_at: null,
  next_attempt_at: null,
  attempts: [],
  ref_ticker: "QQQ",
  ref_start: "2024-10-01",
  ref_end: "2024-11-01",
  bars: 23,
  timeframe: "1d" as const,
  metric: "l2" as const,
  max_similarity: 0.3,
  last_similarity: 0.8123,
  triggered_similarity: null,
};

const pattern = alertKindContracts({
  name: "Pattern",
  prefix: "pattern_alert",
  statusFields: patternStatusFields,
  statusWhat: "the last similarity",
  statusExample,
  uncheckedFields: { last_similarity: null },
});
const registerResponse = pattern.registerResponse;

export const patternAlertContract: OperationContract<typeof registerParams, typeof registerResponse> = {
  operationId: "pattern_alert",
  description:
    "Registers a pattern alert: every minute the latest window of `ticker` (as many bars as the reference window " +
    "[ref_start, ref_end) of `ref_ticker`) is compared with the reference, with the same similarity as /get_patterns, and " +
    "webhook_url is called once when it is at or below max_similarity. The reference needs 5 to 500 bars, no gap, and at most " +
    `half of ref_ticker's history. ${STATES_TEXT} ${WEBHOOK_TEXT} Errors (unknown ticker 404, bad window or webhook_url 422) are not charged.`,
  params: registerParams,
  response: registerResponse,
  example: {
    params: { ticker: "SPY", ref_ticker: "QQQ", ref_start: "2024-10-01", ref_end: "2024-11-01", webhook_url: "https://hooks.example.com/precedent", max_similarity: 0.3, timeframe: "1d", metric: "l2" },
    response: pattern.registrationExample,
  },
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};

export const patternAlertStatusContract = pattern.status;
export const patternAlertCancelContract = pattern.cancel;
