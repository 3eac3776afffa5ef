import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import exampleJson from "./track-record.example.json" with { type: "json" };

const params = z.object({
  response_hash: z
    .string()
    .regex(/^(sha256=)?[0-9a-fA-F]{64}$/, "must be the 64 hex digits of a response's X-Response-Hash (with or without sha256=)")
    .optional()
    .openapi({
      description: "Find your own forecast: the X-Response-Hash of a paid forecast answer (sha256 of its signed body). The rows it logged come back under `forecasts`.",
      example: "sha256=0000000000000000000000000000000000000000000000000000000000000000",
    }),
});
export type TrackRecordParams = z.infer<typeof params>;

const Proportion = z.object({
  n: z.number().int(),
  hits: z.number().int(),
  rate: z.number().nullable(),
  low: z.number().nullable().openapi({ description: "95% Wilson score interval of the rate (null without rows)" }),
  high: z.number().nullable(),
});
const Coverage = Proportion.extend({ nominal: z.number().nullable().openapi({ description: "The level the interval claimed (mean over the rows)" }) });
const MeanFigure = z.object({
  n: z.number().int(),
  mean: z.number().nullable(),
  low: z.number().nullable().openapi({ description: "95% Student t interval of the mean (null below two rows)" }),
  high: z.number().nullable(),
});

const Group = z.object({
  source: z.enum(["live", "replay"]),
  route: z.string().openapi({ description: "operationId of the route whose forecasts these are" }),
  horizon: z.number().int(),
  horizon_unit: z.enum(["calendar_days", "bars"]),
  series: z.number().int().openapi({ description: "Distinct series (tickers) in the group" }),
  logged: z.number().int(),
  pending: z.number().int().openapi({ description: "Horizon not passed in the stored bars yet" }),
  void: z.number().int().openapi({ description: "No close stands for the horizon (a gap in the bars): never scored" }),
  retrospective: z.number().int().openapi({ description: "Outcome already in the history the forecast read (a past window): logged, never counted" }),
  scored: z.number().int(),
  range_coverage: Coverage.openapi({ description: "Share of outcomes inside the published range for the outcome (the analogs' P10 to P90, nominal 0.8)" }),
  mean_interval_coverage: Coverage.openapi({
    description: "Share of single outcomes inside the 90% interval of the analogs' mean. That interval is a claim about the average outcome, so this share is expected far below 0.9; shown so nobody reads it as a range",
  }),
  hit_rate: Proportion.openapi({ description: "Forecasts whose side (sign of the point forecast) matched the outcome's sign" }),
  baseline_hit_rate: Proportion.openapi({ description: "On the same rows, the free baseline's side (up when its hit rate is at least 0.5)" }),
  realised_excess: MeanFigure.openapi({ description: "Outcome minus the baseline mean" }),
  predicted_excess: MeanFigure.openapi({ description: "Point forecast minus the baseline mean" }),
  directional_excess: MeanFigure.openapi({ description: "Realised excess signed by the predicted excess: above 0 when the forecasts pick the better-than-baseline times" }),
  brier: z.object({ n: z.number().int(), forecast: z.number().nullable(), baseline: z.number().nullable() }).openapi({
    description: "Mean Brier score of the probability of a rise (the analogs' hit rate) against the baseline's hit rate used the same way; lower is better",
  }),
  calibration: z.array(
    z.object({
      low: z.number(),
      high: z.number(),
      n: z.number().int(),
      mean_p: z.number().nullable(),
      observed: z.number().nullable(),
      wilson_low: z.number().nullable(),
      wilson_high: z.number().nullable(),
      sparse: z.boolean(),
    }),
  ),
  volatility: z.object({
    n: z.number().int(),
    analogs_log_error: z.number().nullable().openapi({ description: "Mean |ln(analogs' dispersion / realised volatility)|" }),
    trailing_log_error: z.number().nullable().openapi({ description: "The same for the trailing 60-bar volatility a buyer has for free" }),
    analogs_closer: Proportion,
  }),
});

const Forecast = z.object({
  id: z.string(),
  source: z.enum(["live", "replay"]),
  route: z.string(),
  series: z.string(),
  inputs: z.record(z.string(), z.unknown()),
  as_of: z.string(),
  horizon: z.number().int(),
  horizon_unit: z.enum(["calendar_days", "bars"]),
  logged_at: z.string(),
  response_hash: z.string().nullable(),
  ex_ante: z.boolean(),
  point: z.number().nullable(),
  range: z.object({ low: z.number(), high: z.number(), level: z.number() }).nullable(),
  mean_interval: z.object({ low: z.number(), high: z.number(), level: z.number() }).nullable(),
  probability_up: z.number().nullable(),
  baseline_mean: z.number().nullable(),
  status: z.enum(["pending", "scored", "void"]),
  pending_reason: z.string().nullable(),
  outcome_date: z.string().nullable(),
  realised: z.number().nullable(),
});

const response = z
  .object({
    title: z.string(),
    generated_at: z.string(),
    source: z.string().openapi({ description: "Where the bars that scored the record come from (offline, yahoo)" }),
    live: z.object({ rows: z.number().int(), groups: z.array(Group) }).openapi({ description: "Forecasts the service sold (one row per distinct forecast)" }),
    replay: z
      .object({
        label: z.string(),
        rows: z.number().int(),
        decision_every_bars: z.number().int(),
        first_decision_bar: z.number().int(),
        routes: z.array(z.object({ route: z.string(), inputs: z.record(z.string(), z.unknown()), decisions: z.string() })),
        groups: z.array(Group),
      })
      .openapi({ description: "A walk-forward replay of the same code over the stored history: not a record of sales" }),
    forecasts: z.array(Forecast).openapi({ description: "With response_hash: the rows that answer logged (empty when none)" }),
    method: z.string(),
  })
  .openapi("TrackRecord");

export const trackRecordContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_track_record",
  description:
    "The public track record (free): every forecast-like answer the service sold, logged once per distinct forecast (route, series, " +
    "inputs, as-of bar, horizon) and scored from the stored bars when its horizon passes, per route and horizon: outcome coverage of the " +
    "published range against its nominal level, hit rate against the free baseline's, realised excess over the baseline, Brier score " +
    "and calibration of the probability of a rise, and the analogs' dispersion against trailing volatility as a forecast of realised " +
    "volatility; each figure with its own 95% interval, and how many are pending. `replay` holds a walk-forward replay of the same code " +
    "over the stored history, labelled and kept apart. With Accept: text/html the page at /track-record shows it with charts. " +
    "response_hash finds the rows a paid answer logged.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: [],
};
