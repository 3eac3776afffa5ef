import { z } from "@hono/zod-openapi";
import { BOOTSTRAP_TEXT, ModeSchema } from "../evidence-schemas.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { intParam, numberParam, tickerParam } from "../params.js";
import { analogCountParam, causalParam, HORIZON_DAYS_MAX, metricParam, windowFields, windowOrderCheck } from "./forecast-params.js";
import { HistoryEchoSchema, HorizonDistributionSchema, WindowEchoSchema } from "./forecast-schemas.js";
import exampleJson from "./position-size.example.json" with { type: "json" };

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
    mode: ModeSchema,
    window: WindowEchoSchema,
    distribution: HorizonDistributionSchema.openapi({
      description: "Forward returns over horizon_days after the window's analogs, with baseline, mean_ci and excess_over_baseline",
    }),
    edge: z.number().nullable().openapi({
      description: "distribution.excess_over_baseline.mean: the independent outcomes' mean minus the unconditional baseline mean; null without outcomes",
    }),
    t_stat: z.number().nullable().openapi({ description: "edge / (std of the independent outcomes / sqrt(n_independent)); null below two" }),
    shrink: z.number().openapi({ description: "shrunk_edge / edge: the share of the edge its lower confidence bound keeps (0 without a positive edge)" }),
    shrunk_edge: z.number().nullable().openapi({
      description: "max(0, distribution.excess_over_baseline.low), the one-sided 95% lower bound of the edge; 0 when |t_stat| < 1",
    }),
    kelly_raw: z.number().nullable().openapi({
      description: "edge / variance of the independent outcomes, unshrunk and unclamped; null below two independent outcomes or with zero spread",
    }),
    leverage_cap: z.number().openapi({ description: "The most full_fraction can be: 1 (no leverage)" }),
    full_fraction: z.number().openapi({
      description: "shrunk_edge / variance of the independent outcomes, clamped to [0, leverage_cap] (long only; 0 when |t_stat| < 1)",
    }),
    half_fraction: z.number().openapi({ description: "full_fraction / 2" }),
    confidence_adjusted_fraction: z.number().openapi({ description: "half_fraction * confidence: the suggested allocation" }),
    dollar_size: z.number().openapi({ description: "account_size * confidence_adjusted_fraction, USD" }),
    reason: z.string().openapi({ description: "Why the size is what it is, in one sentence (thin evidence, no edge, capped, or shrunk Kelly)" }),
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
    "Position sizing from what the window's analogs add over simply holding the asset (the forward distribution exactly as " +
    "/forward_distribution with one horizon, horizon_days, default 30; causal=true by default, so only what was known at the " +
    "window's first bar is used; `mode` says which). edge = mean of the independent analog outcomes minus the unconditional " +
    "baseline mean over the same history and horizon; t_stat = edge / its standard error. The edge is shrunk by its estimation " +
    "error: shrunk_edge = max(0, lower end of the 90% bootstrap interval of the excess), a one-sided 95% lower confidence bound, " +
    "and 0 whenever |t_stat| < 1; shrink = shrunk_edge / edge. Kelly: full_fraction = shrunk_edge / variance of the independent outcomes (Thorp's " +
    "continuous form), clamped to [0, leverage_cap = 1] (long only, no leverage); half_fraction = full_fraction / 2; " +
    "confidence_adjusted_fraction = half_fraction * confidence; dollar_size = account_size * confidence_adjusted_fraction. " +
    "Guarantee: with |t_stat| < 1 every fraction is 0. `reason` says in one sentence why the size is what it is. Stop and target " +
    "references are the P10 and P90 outcomes (all counted outcomes) as prices from the query window's last close; risk_at_stop_usd " +
    "is what dollar_size loses at the stop reference. References, not orders. " +
    BOOTSTRAP_TEXT,
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
