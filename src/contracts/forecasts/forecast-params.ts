import { z } from "@hono/zod-openapi";
import { booleanParam, enumParam, intParam, isoDateParam } from "../params.js";
import { METRICS } from "../patterns/pattern-params.js";

export const ANALOGS_DEFAULT = 30;
export const ANALOGS_MIN = 10;
export const ANALOGS_MAX = 50;
export const HORIZON_DAYS_MAX = 365;
export const HORIZONS_MAX = 5;

/** Comma-separated calendar-day horizons: 1 to 5 distinct whole numbers, each 1 to 365, kept in the caller's order. */
export const horizonListParam = (defaultValue: string) =>
  z
    .union([z.string(), z.number()])
    .default(defaultValue)
    .transform((v) => String(v).split(",").map((s) => s.trim()))
    .refine((parts) => parts.every((s) => /^\d+$/.test(s)), "must be comma-separated whole numbers of calendar days, e.g. 7,30")
    .transform((parts) => [...new Set(parts.map(Number))])
    .refine((list) => list.length >= 1 && list.length <= HORIZONS_MAX, `must list 1 to ${HORIZONS_MAX} horizons`)
    .refine((list) => list.every((d) => d >= 1 && d <= HORIZON_DAYS_MAX), `each horizon must be 1 to ${HORIZON_DAYS_MAX} calendar days`)
    .openapi({
      type: "string",
      example: defaultValue,
      description:
        `Forward horizons in calendar days, comma-separated: 1 to ${HORIZONS_MAX} distinct values, each 1 to ${HORIZON_DAYS_MAX}. ` +
        `Default ${defaultValue}.`,
    });

export const analogCountParam = () =>
  intParam({
    min: ANALOGS_MIN,
    max: ANALOGS_MAX,
    default: ANALOGS_DEFAULT,
    description:
      `Number of analogs searched for (${ANALOGS_MIN} to ${ANALOGS_MAX}, default ${ANALOGS_DEFAULT}): the k closest non-overlapping ` +
      "windows. Fewer come back when the history holds fewer eligible windows; the n of each horizon says how many counted.",
  });

export const metricParam = () =>
  enumParam(METRICS, { default: "l2", description: "Distance between z-normalised closes: l2 (Euclidean, default) or l1 (absolute)" });

export const causalParam = () =>
  booleanParam({
    default: true,
    description:
      "true (default): walk-forward, only analogs that end before the window starts and outcomes (and the baseline) that closed " +
      "by then, so every figure was known at the window's first bar. false: analogs may come from anywhere in the history, after " +
      "the query window included (a study of a past episode, not a tradable forecast). The body's `mode` says which was used.",
  });

/** The dated query window [start_date, end_date) shared with the pattern routes. */
export const windowFields = {
  start_date: isoDateParam("Query window start, inclusive (YYYY-MM-DD)", "2024-10-01"),
  end_date: isoDateParam("Query window end, exclusive (YYYY-MM-DD)", "2024-11-01"),
};

/** Arguments for `.refine(...)`: the window must not be empty or reversed (named on start_date). */
export const windowOrderCheck: [check: (p: { start_date: string; end_date: string }) => boolean, error: { message: string; path: string[] }] = [
  (p) => p.start_date < p.end_date,
  { message: "must be before end_date (end_date is exclusive)", path: ["start_date"] },
];
