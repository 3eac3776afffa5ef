import { z } from "@hono/zod-openapi";
import { evidenceShape, ModeSchema } from "../evidence-schemas.js";
import { storedBarsField } from "../stored-bars-field.js";

const nullableReturn = (description: string) => z.number().nullable().openapi({ description: `${description}; null when n = 0` });

/** Fields of a return sample's description, shared by every forecast route. */
export const returnStatsShape = {
  n: z.number().int().openapi({ description: "Outcomes the figures rest on" }),
  mean: nullableReturn("Mean return, decimal"),
  std: z.number().nullable().openapi({ description: "Sample standard deviation (n - 1), decimal; null when n < 2" }),
  hit_rate: z.number().nullable().openapi({ description: "Share of outcomes above zero (0 to 1); null when n = 0" }),
  p10: nullableReturn("10th percentile (type 7: linear interpolation between closest ranks, numpy's default)"),
  p25: nullableReturn("25th percentile"),
  p50: nullableReturn("Median"),
  p75: nullableReturn("75th percentile"),
  p90: nullableReturn("90th percentile"),
  min: nullableReturn("Worst outcome"),
  max: nullableReturn("Best outcome"),
};

export const ReturnStatsSchema = z.object(returnStatsShape).openapi("ForecastReturnStats");

export const HorizonDistributionSchema = z
  .object({
    horizon_days: z.number().int().openapi({ description: "Calendar days after each analog's last close" }),
    ...returnStatsShape,
    n_independent: z.number().int().openapi({
      description:
        "How many of the n outcomes share no daily return with each other (their [analog start, horizon close] spans do not " +
        "overlap; greedy by earliest end, the maximum such set). Overlapping outcomes are not independent evidence.",
    }),
    ...evidenceShape,
  })
  .openapi("ForecastHorizonDistribution");

export const OUTCOME_STATUSES = ["counted", "beyond_history", "no_close_at_horizon", "overlaps_query"] as const;

const AnalogForwardSchema = z
  .object({
    horizon_days: z.number().int(),
    return: z.number().nullable().openapi({
      description: "From the analog's last close to the last close at or before the horizon, decimal; null when no such close exists",
    }),
    status: z.enum(OUTCOME_STATUSES).openapi({
      description:
        "counted: enters the distribution. beyond_history: the data has not reached the horizon yet. no_close_at_horizon: no bar " +
        "closes after the analog and by the horizon (a 1-day horizon from a Friday), the last one is more than 4 days older than " +
        "the horizon (a data gap), or its close is missing. overlaps_query: the analog precedes the query window and its forward span runs into it, so its " +
        "outcome would be the query's own bars (the return is shown, not counted).",
    }),
  })
  .openapi("ForecastAnalogForward");

export const AnalogRowSchema = z
  .object({
    rank: z.number().int().openapi({ description: "1 = closest" }),
    start_date: z.string().openapi({ description: "First bar of the analog, YYYY-MM-DD" }),
    end_date: z.string().openapi({ description: "Last bar of the analog (inclusive), YYYY-MM-DD" }),
    similarity: z.number().openapi({
      description: "Root-mean-square (l2) or mean absolute (l1) difference of the z-normalised closes; lower = closer, 0 = same shape",
    }),
    match_return: z.number().openapi({ description: "Return inside the analog window (last close over first close), decimal" }),
    forward: z.array(AnalogForwardSchema).openapi({ description: "One entry per requested horizon, in the same order" }),
  })
  .openapi("ForecastAnalog");

export const WindowEchoSchema = z
  .object({
    first_date: z.string().openapi({ description: "First bar of the query window" }),
    last_date: z.string().openapi({ description: "Last bar of the query window (inclusive)" }),
    bars: z.number().int(),
    return: z.number().openapi({ description: "Last close over first close, minus 1" }),
    last_close: z.number(),
  })
  .openapi("ForecastWindow");

export const HistoryEchoSchema = z
  .object({
    first_date: z.string(),
    last_date: z.string(),
    bars: z.number().int().openapi({ description: "Daily bars searched" }),
  })
  .openapi("ForecastHistory");

/** The body shared by /forward_distribution and /api/backtest. */
export const analogForecastShape = {
  ticker: z.string(),
  window: WindowEchoSchema,
  history: HistoryEchoSchema,
  metric: z.enum(["l1", "l2"]),
  causal: z.boolean().openapi({ description: "True when only analogs ending before the query window were searched" }),
  mode: ModeSchema,
  k: z.number().int().openapi({ description: "Analogs asked for" }),
  analogs_found: z.number().int().openapi({ description: "Analogs the history supplied (at most k)" }),
  horizons: z.array(HorizonDistributionSchema).openapi({ description: "One distribution per horizon, in the requested order" }),
  analogs: z.array(AnalogRowSchema).openapi({ description: "Every analog, closest first, with its outcome per horizon" }),
  method: z.string().openapi({ description: "How the figures were derived, with the numbers used" }),
  cached: storedBarsField(),
};
