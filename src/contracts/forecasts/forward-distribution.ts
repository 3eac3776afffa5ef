import { z } from "@hono/zod-openapi";
import { INTERVAL_TEXT } from "../evidence-schemas.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { tickerParam } from "../params.js";
import { analogCountParam, causalParam, horizonListParam, metricParam, windowFields, windowOrderCheck } from "./forecast-params.js";
import { analogForecastShape } from "./forecast-schemas.js";
import exampleJson from "./forward-distribution.example.json" with { type: "json" };

const params = z
  .object({
    ticker: tickerParam(),
    ...windowFields,
    horizon_days: horizonListParam("7,30"),
    k: analogCountParam(),
    metric: metricParam(),
    causal: causalParam(),
  })
  .refine(...windowOrderCheck);

export type ForwardDistributionParams = z.infer<typeof params>;

const response = z
  .object({
    ...analogForecastShape,
    start_date: z.string().openapi({ description: "As requested (inclusive)" }),
    end_date: z.string().openapi({ description: "As requested (exclusive)" }),
    primary_horizon_days: z.number().int().openapi({ description: "The first horizon of horizon_days: the one P10 to P90 describe" }),
    P10: z.number().nullable().openapi({ description: "10th percentile of the primary horizon's outcomes (type 7), decimal; null when n = 0" }),
    P25: z.number().nullable().openapi({ description: "25th percentile of the primary horizon's outcomes" }),
    P50: z.number().nullable().openapi({ description: "Median of the primary horizon's outcomes" }),
    P75: z.number().nullable().openapi({ description: "75th percentile of the primary horizon's outcomes" }),
    P90: z.number().nullable().openapi({ description: "90th percentile of the primary horizon's outcomes" }),
  })
  .openapi("ForwardDistribution");

export const forwardDistributionContract: OperationContract<typeof params, typeof response> = {
  operationId: "forward_distribution",
  description:
    "What happened after the query window's historical analogs. The query is the ticker's daily closes in [start_date, end_date) " +
    "(5 bars up to half the history, no data gap inside). Analogs are the k (default 30, 10 to 50) closest windows of the same length " +
    "in the ticker's own daily history by z-normalised shape: exact search, never overlapping the query or each other, never " +
    "spanning a data gap, never wrapped. For each horizon h in horizon_days (calendar days, default 7 and 30) an analog's outcome is " +
    "the return from its last close to the last close at or before h days later. An outcome counts only if real history reaches " +
    "the horizon (no figure rests on data that does not exist yet) with a close at most 4 days old, and, for an analog before the " +
    "query window, only if its outcome ends by the query's first close (otherwise it would be made of the query's own bars). By " +
    "default (causal=true) only windows ending before the query starts are searched and the baseline uses only outcomes closed by " +
    "then, so every figure was known at the window's first bar; causal=false also admits analogs after the query window (a study " +
    "of a past episode). `mode` says which produced the figures. P10 to P90 at the top level are the spec's names for the first " +
    "horizon listed (primary_horizon_days). Per horizon: n, P10/P25/P50/P75/P90 (type 7), mean, sample std, min, max, hit rate (share above zero) and n_independent, " +
    "the largest subset of outcomes whose [analog start, horizon close] spans share no daily return. Every analog is listed with " +
    "its per-horizon outcome and status. Beside each horizon's figures: `baseline` (the unconditional return from every bar of the " +
    "same history over the same horizon), `mean_ci` (the interval of the independent outcomes' mean) and " +
    "`excess_over_baseline` (their difference, its interval and t statistic): an excess interval that straddles zero means the " +
    "analogs say nothing the baseline does not. " +
    INTERVAL_TEXT +
    " Returns are decimals.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
