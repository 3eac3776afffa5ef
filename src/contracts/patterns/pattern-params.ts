import { z } from "@hono/zod-openapi";
import { booleanParam, enumParam, intParam, isoDateParam, tickerParam } from "../params.js";

export const TIMEFRAMES = ["1d", "1h", "30m", "15m"] as const;
export const METRICS = ["l1", "l2"] as const;

const fields = {
  ticker: tickerParam(),
  start_date: isoDateParam("Query window start, inclusive (YYYY-MM-DD)", "2024-10-01"),
  end_date: isoDateParam("Query window end, exclusive (YYYY-MM-DD)", "2024-11-01"),
  k: intParam({ min: 1, max: 50, default: 3, description: "Number of analogs returned (1 to 50)" }),
  metric: enumParam(METRICS, { default: "l2", description: "Distance between z-normalised closes: l2 (Euclidean) or l1 (absolute)" }),
  wrap: booleanParam({
    default: true,
    description:
      "Allow circular search: windows that splice the end of history onto its start are admitted, marked wrapped: true, " +
      "and never enter forward statistics",
  }),
  timeframe: enumParam(TIMEFRAMES, { default: "1d", description: "Bar size; intraday history is the source's lookback (60 days for 15m/30m, 730 days for 1h)" }),
};

/** Parameters of the three pattern routes (core-api §4.1): the query window is [start_date, end_date). */
export const PatternParamsSchema = z
  .object(fields)
  .refine((p) => p.start_date < p.end_date, { message: "must be before end_date (end_date is exclusive)", path: ["start_date"] });

export type PatternParams = z.infer<typeof PatternParamsSchema>;

export const PatternMatchSchema = z
  .object({
    dates: z.array(z.string()).openapi({ description: "Bar dates of the matched window (YYYY-MM-DD daily, ISO-8601 UTC intraday)" }),
    closes: z.array(z.number()).openapi({ description: "Closes of the matched window" }),
    similarity: z.number().openapi({
      description:
        "Normalised distance, lower = closer, 0 = identical shape. L2: root-mean-square difference of the z-normalised closes " +
        "(0 to 2; equals sqrt(2(1 - correlation))). L1: mean absolute difference of the z-normalised closes.",
    }),
    query_return: z.number().openapi({ description: "Total return of the query window, decimal (the same for every match)" }),
    match_return: z.number().nullable().openapi({ description: "Return inside the matched window, decimal; null for a wrapped window" }),
    wrapped: z.boolean().openapi({ description: "True when the window splices the end of history onto its start" }),
    description: z.string().openapi({ description: "Human-readable label" }),
  })
  .openapi("PatternMatch");
