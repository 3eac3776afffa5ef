import { z } from "@hono/zod-openapi";
import { INTERVAL_TEXT, ModeSchema } from "../evidence-schemas.js";
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
    volatility: z
      .object({
        query_daily: z.number().nullable().openapi({ description: "Daily volatility of the query window: sample std of its daily log returns over at least its last 20 bars" }),
        analogs_median_daily: z.number().nullable().openapi({ description: "Median of the same measure over the analogs' windows" }),
        why: z.string(),
      })
      .openapi({ description: "The volatilities every outcome was rescaled by, and why" }),
    expected_return: z.number().nullable().openapi({
      description: "Mean of the independent outcomes rescaled to the query's volatility (b + (r - b) * query_daily / analog_daily): the total return a long position earns at today's risk; null without outcomes",
    }),
    expected_return_low: z.number().nullable().openapi({ description: "Lower end of its 90% interval (the interval policy of mean_ci); null when withheld" }),
    expected_return_high: z.number().nullable().openapi({ description: "Upper end of that interval" }),
    interval_withheld: z.string().nullable().openapi({ description: "Why there is no interval (and so no size); null when there is one" }),
    shrunk_return: z.number().openapi({ description: "max(0, expected_return_low): the expected return shrunk by its estimation error to a one-sided 95% lower bound" }),
    shrink: z.number().openapi({ description: "shrunk_return / expected_return: the share of the estimate its lower bound keeps (0 without a positive expected return)" }),
    variance: z.number().nullable().openapi({ description: "Variance of the rescaled independent outcomes; null below two or without spread" }),
    kelly_raw: z.number().nullable().openapi({ description: "expected_return / variance, unshrunk and unclamped" }),
    leverage_cap: z.number().openapi({ description: "The most full_fraction can be: 1 (no leverage)" }),
    full_fraction: z.number().openapi({ description: "shrunk_return / variance, clamped to [0, leverage_cap] (long only)" }),
    half_fraction: z.number().openapi({ description: "full_fraction / 2" }),
    confidence_adjusted_fraction: z.number().openapi({ description: "half_fraction * confidence: the suggested allocation" }),
    dollar_size: z.number().openapi({ description: "account_size * confidence_adjusted_fraction, USD" }),
    reason: z.string().openapi({ description: "Why the size is what it is, in one sentence" }),
    edge: z.number().nullable().openapi({
      description: "For reading, not sizing: distribution.excess_over_baseline.mean, what the analogs add over holding the asset anyway",
    }),
    t_stat: z.number().nullable().openapi({ description: "distribution.excess_over_baseline.t_stat" }),
    stop_reference: PriceReferenceSchema.nullable().openapi({ description: "P10 of the rescaled outcomes (all counted), from the last close; null without outcomes" }),
    target_reference: PriceReferenceSchema.nullable().openapi({ description: "P90 of the rescaled outcomes, from the last close" }),
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
    "Position sizing on the query's own risk (the forward distribution exactly as /forward_distribution with one horizon, " +
    "horizon_days, default 30; causal=true by default, so only what was known at the window's first bar is used; `mode` says which). " +
    "Analogs are matched on z-normalised shape, so their outcomes come from periods as calm or as wild as they were: each outcome r " +
    "becomes b + (r - b) * query_daily / analog_daily, with b the baseline mean (the drift, distribution.baseline.mean) and the daily " +
    "volatilities of the query window and of the analog's window (`volatility`): the move around the drift scales with the risk. " +
    "A long position earns the total return, so that is what is sized: expected_return = mean of the rescaled independent outcomes, " +
    "with its 90% interval; shrunk_return = max(0, its lower end), a one-sided 95% lower bound. Kelly: full_fraction = shrunk_return / " +
    "variance of the rescaled outcomes (Thorp's continuous form), clamped to [0, leverage_cap = 1] (long only, no leverage); " +
    "half_fraction = full_fraction / 2; confidence_adjusted_fraction = half_fraction * confidence; dollar_size = account_size * " +
    "confidence_adjusted_fraction. The size is continuous in the lower bound: a lower bound just above 0 gives a size just above 0, a " +
    "larger one never a smaller size, and without an interval (fewer than 5 independent outcomes) the size is 0. `reason` says in one " +
    "sentence why the size is what it is. Stop and target references are the P10 and P90 rescaled outcomes as prices from the window's " +
    "last close; risk_at_stop_usd is what dollar_size loses at the stop reference. References, not orders. `edge` and `t_stat` repeat " +
    "the excess over the baseline for reading. " +
    INTERVAL_TEXT,
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
