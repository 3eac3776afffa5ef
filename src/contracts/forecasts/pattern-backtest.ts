import { z } from "@hono/zod-openapi";
import { BaselineSchema, INTERVAL_TEXT, ExcessSchema, MeanCiSchema, ModeSchema } from "../evidence-schemas.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { intParam, numberParam, tickerParam } from "../params.js";
import { HistoryEchoSchema, ReturnStatsSchema } from "./forecast-schemas.js";
import exampleJson from "./pattern-backtest.example.json" with { type: "json" };

export const RECENT_EVENTS_LISTED = 20;

const params = z.object({
  ticker: tickerParam(),
  lookback_days: intParam({
    min: 2,
    max: 250,
    default: 20,
    description: "Trigger window in daily bars (2 to 250, default 20): the trigger return at bar t is close[t] / close[t - lookback_days] - 1",
  }),
  forward_days: intParam({
    min: 1,
    max: 250,
    default: 20,
    description: "Outcome horizon in daily bars (1 to 250, default 20): the outcome is close[t + forward_days] / close[t] - 1",
  }),
  min_return: numberParam({
    min: -0.9,
    max: 5,
    default: 0.1,
    description:
      "Trigger threshold, decimal (-0.9 to 5, default 0.1 = +10%): a bar triggers when its trigger return is at least min_return " +
      "(min_return >= 0) or at most min_return (min_return < 0, e.g. -0.1 for drops of 10% or more)",
  }),
});

const EventSchema = z
  .object({
    date: z.string().openapi({ description: "Bar t, whose close completed the trigger window" }),
    lookback_return: z.number().openapi({ description: "Trigger return, decimal" }),
    outcome_date: z.string().nullable().openapi({ description: "Bar t + forward_days; null while pending" }),
    forward_return: z.number().nullable().openapi({ description: "Outcome, decimal; null while pending" }),
  })
  .openapi("BacktestEvent");

export type PatternBacktestParams = z.infer<typeof params>;

const response = z
  .object({
    ticker: z.string(),
    lookback_days: z.number().int(),
    forward_days: z.number().int(),
    min_return: z.number(),
    direction: z.enum(["at_least", "at_most"]).openapi({ description: "How min_return was applied" }),
    n_events: z.number().int().openapi({ description: "Triggers with a known outcome (overlapping ones included)" }),
    n_independent_events: z.number().int().openapi({
      description: "Largest subset whose [t - lookback_days, t + forward_days] spans share no daily return (greedy, earliest first)",
    }),
    n_pending_events: z.number().int().openapi({ description: "Triggers in the last forward_days bars, outcome not known yet" }),
    n_dropped_for_gap: z.number().int().openapi({ description: "Triggers whose forward span crosses a data gap (left out)" }),
    mode: ModeSchema,
    distribution: ReturnStatsSchema.openapi({
      description: "The headline: outcomes of the n_independent_events triggers (spans sharing no daily return), one piece of evidence each",
    }),
    overlapping_distribution: ReturnStatsSchema.openapi({
      description: "Secondary: outcomes of all n_events triggers, overlapping ones included (consecutive days of one move: n overstates the evidence)",
    }),
    baseline: BaselineSchema.openapi({
      description:
        "Unconditional base rate: the forward_days-bar return after every bar with a gap-free span, triggered or not (overlapping); " +
        "here horizon_days holds forward_days, counted in bars like every figure of this route",
    }),
    mean_ci: MeanCiSchema,
    excess_over_baseline: ExcessSchema,
    recent_events: z.array(EventSchema).openapi({ description: `The ${RECENT_EVENTS_LISTED} most recent independent events, oldest first` }),
    pending_events: z.array(EventSchema).openapi({ description: "Every pending trigger, oldest first" }),
    history: z.object(HistoryEchoSchema.shape),
    method: z.string(),
    cached: z.boolean(),
  })
  .openapi("PatternBacktest");

export const patternBacktestContract: OperationContract<typeof params, typeof response> = {
  operationId: "pattern_backtest",
  description:
    "Walk-forward event study on the ticker's daily closes: every bar t whose trailing lookback_days return (close[t] / " +
    "close[t - lookback_days] - 1) is at least min_return (or at most min_return when it is negative), and the distribution of the " +
    "following forward_days return (close[t + forward_days] / close[t] - 1). Causal: a trigger depends only on closes up to t, its " +
    "outcome only on the forward_days bars after t, and the threshold is fixed in advance, nothing is fitted. Spans crossing a data gap " +
    "are left out. Consecutive triggers overlap (a strong month triggers on many days), so besides all events the response gives the " +
    "independent events: greedily, earliest first, the triggers whose [t - lookback_days, t + forward_days] spans share no daily " +
    "return; their distribution is the headline (`distribution`), all events' the secondary `overlapping_distribution`. The " +
    "baseline is the same forward return after every bar, to compare the edge against; `mean_ci` is the interval of the " +
    "independent events' mean and `excess_over_baseline` its difference from the baseline (mode full_history: the whole history " +
    "is scanned, every outcome after its trigger). " +
    INTERVAL_TEXT +
    " Each distribution: n, P10/P25/P50/P75/P90 (type 7), mean, std, min, max, hit rate (share above zero).",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
