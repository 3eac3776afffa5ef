import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { intParam } from "../params.js";
import { DistributionSchema, LevelsSchema } from "./outcome-schemas.js";
import { MACRO_ANALOG_EXAMPLE } from "./macro-analog-example.js";

const params = z.object({
  lookback_days: intParam({
    min: 5,
    max: 120,
    default: 20,
    description: "Length of the state compared, in dates all four series share (trading days; 5 to 120, default 20)",
  }),
  k: intParam({ min: 1, max: 20, default: 5, description: "Historical periods returned (1 to 20, default 5)" }),
});

/** One figure per macro series, keyed by role. */
const byRole = <T extends z.ZodType>(schema: T, description: string) =>
  z
    .object({
      volatility: schema,
      yield_10y: schema,
      equity: schema,
      gold: schema,
    })
    .openapi({ description });

const MoveSchema = z.number().nullable();

const PeriodSchema = z
  .object({
    rank: z.number().int().openapi({ description: "1 = closest" }),
    start_date: z.string(),
    end_date: z.string().openapi({ description: "Last date of the period (inclusive); always before the current window starts" }),
    distance: z.number().openapi({ description: "Sum over the four series of the squared z-normalised Euclidean distances (0 to 16 · lookback_days)" }),
    similarity: z.number().openapi({ description: "sqrt(distance / (4 · lookback_days)): the root-mean-square z-score difference, 0 = identical shapes, at most 2" }),
    distance_by_series: byRole(z.number(), "Each series' squared z-normalised distance (2 · lookback_days · (1 - correlation) for non-flat windows)"),
    levels: byRole(LevelsSchema, "Each series' close on the period's first and last date (the match ignores levels; compare them with current.levels)"),
    followed: z
      .array(
        z.object({
          horizon_days: z.number().int(),
          volatility: MoveSchema.openapi({ description: "Return of the volatility index, decimal" }),
          yield_10y: MoveSchema.openapi({ description: "Change of the 10-year yield in percentage points (0.25 = +25 basis points), not a return" }),
          equity: MoveSchema.openapi({ description: "Return of the equity index, decimal" }),
          gold: MoveSchema.openapi({ description: "Return of gold, decimal" }),
        }),
      )
      .openapi({ description: "What each series did over 7 and 30 calendar days after end_date; null when its history does not reach that far" }),
  })
  .openapi("MacroPeriod");

const response = z
  .object({
    lookback_days: z.number().int(),
    k: z.number().int(),
    symbols: byRole(z.string(), "The symbol behind each role (the equity proxy is ^GSPC live and SPY on the offline dataset)"),
    as_of: z.string().openapi({ description: "Last date all four series share: the end of the current window" }),
    last_dates: byRole(z.string(), "Each series' own last date; a series ending well after as_of is ahead of the others"),
    common_dates: z.number().int().openapi({ description: "Dates all four series share, the searched timeline" }),
    first_common_date: z.string(),
    current: z.object({
      start_date: z.string(),
      end_date: z.string(),
      levels: byRole(LevelsSchema, "Each series' close on the current window's first and last date"),
    }),
    periods: z.array(PeriodSchema).openapi({ description: "Best first; never overlapping each other; all ending before the current window starts" }),
    summary: z
      .array(
        z.object({
          horizon_days: z.number().int(),
          volatility: DistributionSchema,
          yield_10y: DistributionSchema.openapi({ description: "Of changes in percentage points" }),
          equity: DistributionSchema,
          gold: DistributionSchema,
        }),
      )
      .openapi({ description: "Across the periods, per horizon and series: the distribution of what followed, with n; hit_rate is the share of rises" }),
  })
  .openapi("MacroAnalog");

export const macroAnalogContract: OperationContract<typeof params, typeof response> = {
  operationId: "macro_analog",
  description:
    "Historical periods whose joint macro state resembles today's: the volatility index (^VIX), the 10-year Treasury yield (^TNX, in " +
    "percent), the equity index (^GSPC live; SPY when the service runs on the offline dataset, which has no ^GSPC) and gold futures (GC=F). " +
    "The four daily series are aligned on the dates they all share (intersection, no filling). The current state is the last " +
    "lookback_days shared dates, taken as they are. Every earlier window of the same length that ends before the current window starts is a candidate, " +
    "unless it spans a gap in the shared timeline (more than 4 days without a shared date beyond a normal closure). Each series' window is " +
    "z-normalised on its own (population standard deviation; a flat window becomes zeros), so shapes are compared, not levels; the " +
    "distance is the sum over the four series of the squared Euclidean distances between the z-normalised candidate and current windows. " +
    "The k closest non-overlapping periods are returned, best first (ties to the earlier period). For each: its dates, distance, the " +
    "per-series distances and levels, and what followed over 7 and 30 calendar days after its last date T, from each series' close at T " +
    "to its last close on or before T + horizon: returns for volatility, equity and gold, and the change in percentage points for the " +
    "yield. Only real history counts; a horizon the data has not reached yet is null and is left out of the summary's n. Periods " +
    "sharing a regime can sit close together in time even when not overlapping: read n with that in mind.",
  params,
  response,
  example: MACRO_ANALOG_EXAMPLE,
  errors: ["UNKNOWN_TICKER", "NO_DATA", "UPSTREAM_UNAVAILABLE"],
};
