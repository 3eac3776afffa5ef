import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { intParam } from "../params.js";
import { INTERVAL_TEXT, evidenceShape, ModeSchema } from "../evidence-schemas.js";
import { LevelsSchema } from "./outcome-schemas.js";
import exampleJson from "./macro-analog.example.json" with { type: "json" };

const EvidenceFieldsSchema = z.object(evidenceShape).openapi("MacroEvidence");

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
    level_gaps_sd: z
      .object({
        volatility: z.number().openapi({ description: "(VIX at end_date - VIX at as_of) / its standard deviation over the shared timeline" }),
        yield_10y: z.number().openapi({ description: "(10-year yield at end_date - at as_of) / its standard deviation over the shared timeline" }),
      })
      .openapi({ description: "Standardised level differences from today; each is within level_features.tolerance_sd (1) by construction" }),
    score: z.number().openapi({
      description: "The ranking figure: distance / (2 · lookback_days) (the sum over series of 1 - correlation) + sum of weight · level_gap_sd^2",
    }),
    levels: byRole(LevelsSchema, "Each series' close on the period's first and last date (compare them with current.levels)"),
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
    periods: z.array(PeriodSchema).openapi({
      description:
        "Anecdotes, best first: each period with its dates, its levels and what followed it. Never overlapping each other; each ends at " +
        "least 30 days before the current window starts, so what followed it closed before today's state began",
    }),
    mode: ModeSchema,
    level_features: z
      .array(
        z.object({
          role: z.enum(["volatility", "yield_10y"]),
          weight: z.number().openapi({ description: "Weight of the squared standardised gap in score" }),
          tolerance_sd: z.number().openapi({ description: "A period whose gap exceeds this many standard deviations is not eligible" }),
          scale: z.number().openapi({ description: "Standard deviation (population) of the level over the shared timeline: the unit of the gap" }),
        }),
      )
      .openapi({ description: "The documented level features matched besides the four shapes" }),
    evidence: z
      .array(
        z.object({
          horizon_days: z.number().int(),
          volatility: EvidenceFieldsSchema,
          yield_10y: EvidenceFieldsSchema.openapi({ description: "Of changes in percentage points (baseline too)" }),
          equity: EvidenceFieldsSchema,
          gold: EvidenceFieldsSchema,
        }),
      )
      .openapi({
        description:
          "Per horizon and series, how little a handful of periods can say: the baseline (that series' move from every date over " +
          "the horizon, outcomes closed by the current window's start), the interval of the periods' mean move (periods " +
          "whose [start, end + horizon] spans share no day) and the excess over the baseline. Not a forecast distribution",
      }),
  })
  .openapi("MacroAnalog");

export const macroAnalogContract: OperationContract<typeof params, typeof response> = {
  operationId: "macro_analog",
  description:
    "Historical periods whose joint macro state resembles today's: the volatility index (^VIX), the 10-year Treasury yield (^TNX, in " +
    "percent), the equity index (^GSPC live; SPY when the service runs on the offline dataset, which has no ^GSPC) and gold futures (GC=F). " +
    "The four daily series are aligned on the dates they all share (intersection, no filling). The current state is the last " +
    "lookback_days shared dates, taken as they are. Every earlier window of the same length that ends at least 30 days before the " +
    "current window starts is a candidate (so nothing that followed it overlaps today's state), unless it spans a gap in the shared " +
    "timeline (more than 4 days without a shared date beyond a normal closure). Conditions are matched, levels and shapes: " +
    "levels: the VIX and the 10-year yield at the window's last date, each standardised by its standard deviation over the shared " +
    "timeline (level_features); a candidate more than 1 standard deviation from today's level on either is not eligible. Shapes: " +
    "each series' window z-normalised on its own (population standard deviation; a flat window becomes zeros); distance is the sum " +
    "over the four series of the squared Euclidean distances between the z-normalised windows. Ranking: score = distance / " +
    "(2 · lookback_days) (the sum of 1 - correlation over the four series) + 1 · gap_vix^2 + 1 · gap_yield^2. The k best-scoring " +
    "non-overlapping periods are returned as anecdotes, best first (ties to the earlier period). For each: its dates, distance, the " +
    "per-series distances and levels, and what followed over 7 and 30 calendar days after its last date T, from each series' close at T " +
    "to its last close on or before T + horizon: returns for volatility, equity and gold, and the change in percentage points for the " +
    "yield. Only real history counts; a horizon the data has not reached yet is null. Five periods are anecdotes, not a " +
    "distribution: `evidence` gives, per horizon and series, the baseline, the interval of the periods' mean and the excess " +
    "over the baseline, which is almost always indistinguishable from zero (five periods give an interval only when they are at least 5 " +
    "independent ones; p-values are adjusted across the 8 series-horizon pairs). mode is causal (everything closed by the current window's start). " +
    INTERVAL_TEXT,
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "UPSTREAM_UNAVAILABLE"],
};
