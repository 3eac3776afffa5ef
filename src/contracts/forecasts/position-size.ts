import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { intParam, numberParam, tickerParam } from "../params.js";
import { POSITION_SIZE_EXAMPLE } from "./forecast-examples.js";
import { analogCountParam, causalParam, HORIZON_DAYS_MAX, metricParam, windowFields, windowOrderCheck } from "./forecast-params.js";
import { HistoryEchoSchema, HorizonDistributionSchema, WindowEchoSchema } from "./forecast-schemas.js";

const params = z
  .object({
    ticker: tickerParam(),
    ...windowFields,
    account_size: numberParam({ min: 1, max: 1e12, default: 10_000, description: "Account size in USD (1 to 1e12, default 10000)" }),
    confidence: numberParam({
      min: 0,
      max: 1,
      default: 0.5,
      description: "Your confidence in the setup, 0 to 1 (default 0.5); scales the half-Kelly fraction linearly",
    }),
    horizon_days: intParam({
      min: 1,
      max: HORIZON_DAYS_MAX,
      default: 30,
      description: `Holding horizon in calendar days (1 to ${HORIZON_DAYS_MAX}, default 30): the forward distribution sized from`,
    }),
    k: analogCountParam(),
    metric: metricParam(),
    causal: causalParam(),
  })
  .refine(...windowOrderCheck);

const PriceReferenceSchema = z
  .object({
    return: z.number().openapi({ description: "The percentile outcome, decimal" }),
    price: z.number().openapi({ description: "last_close * (1 + return)" }),
  })
  .openapi("SizingPriceReference");

export type PositionSizeParams = z.infer<typeof params>;

const response = z
  .object({
    ticker: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    horizon_days: z.number().int(),
    account_size: z.number(),
    confidence: z.number(),
    window: WindowEchoSchema,
    distribution: HorizonDistributionSchema.openapi({ description: "Forward returns over horizon_days after the window's analogs" }),
    kelly_raw: z.number().nullable().openapi({ description: "mean / std^2 of those returns, unclamped; null when n < 2 or std = 0" }),
    full_fraction: z.number().openapi({ description: "kelly_raw clamped to [0, 1] (long only, no leverage; 0 without a positive mean)" }),
    half_fraction: z.number().openapi({ description: "full_fraction / 2" }),
    shrink: z.number().openapi({ description: "n_independent / (n_independent + 10): less weight on thin evidence" }),
    confidence_adjusted_fraction: z.number().openapi({ description: "half_fraction * confidence * shrink: the suggested allocation" }),
    dollar_size: z.number().openapi({ description: "account_size * confidence_adjusted_fraction, USD" }),
    stop_reference: PriceReferenceSchema.nullable().openapi({ description: "P10 outcome from the last close; null when n = 0" }),
    target_reference: PriceReferenceSchema.nullable().openapi({ description: "P90 outcome from the last close; null when n = 0" }),
    risk_at_stop_usd: z.number().nullable().openapi({ description: "dollar_size * max(0, -P10): the loss if the P10 outcome happens" }),
    k: z.number().int(),
    analogs_found: z.number().int(),
    metric: z.enum(["l1", "l2"]),
    causal: z.boolean(),
    history: HistoryEchoSchema,
    method: z.string(),
    cached: z.boolean(),
  })
  .openapi("PositionSize");

export const positionSizeContract: OperationContract<typeof params, typeof response> = {
  operationId: "position_size",
  description:
    "Position sizing from the forward distribution after the window's analogs (exactly as /forward_distribution with one horizon, " +
    "horizon_days, default 30). Kelly: the continuous mean/variance form, kelly_raw = mean / std^2 of the analogs' forward returns " +
    "(the growth-optimal fraction for small returns), full_fraction = kelly_raw clamped to [0, 1] (long only, unlevered; 0 when the " +
    "mean is not positive or n < 2), half_fraction = full_fraction / 2, confidence_adjusted_fraction = half_fraction * confidence * " +
    "shrink with shrink = n_independent / (n_independent + 10), so thin or overlapping evidence is sized down; dollar_size = " +
    "account_size * confidence_adjusted_fraction. Stop and target references are the P10 and P90 outcomes as prices from the query " +
    "window's last close; risk_at_stop_usd is what dollar_size loses at the stop reference. References, not orders: the figures rest " +
    "on n analogs (given) and assume the future resembles them.",
  params,
  response,
  example: POSITION_SIZE_EXAMPLE,
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
