import { z } from "@hono/zod-openapi";

/**
 * The figures every forecast-like answer carries beside its own (one shape for every route): the mode that
 * produced them, the unconditional baseline over the same history and horizon, a bootstrap interval for
 * the analogs' mean, and the difference from the baseline with its interval. Read them together: an
 * analog mean whose excess interval straddles zero says nothing the baseline did not already say.
 */

export const BOOTSTRAP_TEXT =
  "Interval: percentile bootstrap of the mean of the independent outcomes (those whose spans share no daily return), " +
  "2000 resamples with replacement, 90% central interval (5th and 95th type-7 percentiles of the resampled means), each " +
  "interval drawn from a fresh mulberry32 generator seeded with 1 (draw j is outcome[floor(u * n)]), so the same request " +
  "always returns the same interval.";

export const ModeSchema = z.enum(["causal", "full_history"]).openapi({
  description:
    "Which history produced the figures. causal: walk-forward, only what was known at the query window's first bar (analogs " +
    "end before it starts; outcomes and the baseline close by then). full_history: the whole stored history, bars after the " +
    "query included (a study of a past episode, not what a trader could have known then).",
});

export const BaselineSchema = z
  .object({
    horizon_days: z.number().int(),
    n: z.number().int().openapi({ description: "Bars whose forward outcome counted (overlapping: a base rate, not independent evidence)" }),
    mean: z.number().nullable().openapi({ description: "Mean unconditional forward return (or change), decimal; null when n = 0" }),
    std: z.number().nullable().openapi({ description: "Sample standard deviation of those outcomes; null when n < 2" }),
    hit_rate: z.number().nullable().openapi({ description: "Share of those outcomes above zero" }),
    p50: z.number().nullable().openapi({ description: "Median unconditional outcome" }),
    first_date: z.string().nullable().openapi({ description: "First bar whose outcome counted" }),
    last_date: z.string().nullable().openapi({ description: "Last bar whose outcome counted" }),
  })
  .openapi("Baseline", {
    description:
      "Unconditional baseline: from every bar of the same series to the close that stands for horizon_days calendar days later " +
      "(the same rule as an analog's outcome), over the same history the analogs were drawn from (in causal mode only outcomes " +
      "that closed by the query window's first bar).",
  });

export const MeanCiSchema = z
  .object({
    n_independent: z.number().int().openapi({ description: "Independent outcomes the interval rests on" }),
    mean: z.number().nullable().openapi({ description: "Mean of those independent outcomes; null when there are none" }),
    low: z.number().nullable().openapi({ description: "Lower bound; null below two independent outcomes" }),
    high: z.number().nullable().openapi({ description: "Upper bound; null below two independent outcomes" }),
    level: z.number().openapi({ description: "Coverage of the interval (0.9)" }),
    resamples: z.number().int().openapi({ description: "Bootstrap resamples (2000)" }),
    seed: z.number().int().openapi({ description: "Seed of the mulberry32 generator (1)" }),
  })
  .openapi("MeanInterval", { description: BOOTSTRAP_TEXT });

export const ExcessSchema = z
  .object({
    mean: z.number().nullable().openapi({ description: "mean_ci.mean - baseline.mean; null when either is missing" }),
    low: z.number().nullable().openapi({ description: "mean_ci.low - baseline.mean (the baseline's own error is negligible beside the analogs')" }),
    high: z.number().nullable().openapi({ description: "mean_ci.high - baseline.mean" }),
    t_stat: z
      .number()
      .nullable()
      .openapi({ description: "(mean - baseline mean) / (sample std / sqrt(n_independent)); |t| < 2 is not distinguishable from the baseline" }),
  })
  .openapi("ExcessOverBaseline");

/** Spread into any per-horizon object of a forecast-like answer. */
export const evidenceShape = {
  baseline: BaselineSchema,
  mean_ci: MeanCiSchema,
  excess_over_baseline: ExcessSchema,
};

export const EvidenceSchema = z
  .object({ horizon_days: z.number().int(), ...evidenceShape })
  .openapi("ForecastEvidence");
