import { z } from "@hono/zod-openapi";

/**
 * The figures every forecast-like answer carries beside its own (one shape for every route): the mode that
 * produced them, the unconditional baseline over the same history and horizon with its own error, an interval
 * for the analogs' mean, and the difference from the baseline with its interval, t statistic and p-values
 * adjusted for the answer's other horizons. Read them together: an analog mean whose excess interval straddles
 * zero says nothing the baseline did not already say.
 */

export const INTERVAL_TEXT =
  "Interval: 90% central interval of the mean of the independent outcomes (those whose spans share no daily return): " +
  "Student's t interval, corrected for the skewness of the baseline's outcomes (the same series at the same horizon) by " +
  "Hall's transformation (method skew_corrected_t). It is withheld, with the reason in `withheld`, below 5 independent " +
  "outcomes and when the outcomes are too skewed for their number (|skewness| / sqrt(n) > 1.5). Where the outcomes follow " +
  "best-match analogs, each side is widened by the square root of `design_effect`: the best non-overlapping matches lean " +
  "their outcomes (a window wins over its shifted neighbours, which hold its outcome days), so their mean varies more than " +
  "s^2/n says; the factor is measured on 40 reference windows of the same history searched the same way (in causal mode " +
  "only those that end before the query), and the interval is withheld when fewer than 10 are available. Its coverage is " +
  "measured by seeded simulations (docs/statistics.md).";

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
    n_effective: z
      .number()
      .int()
      .openapi({ description: "Independent periods the baseline mean rests on: the most outcomes whose spans share no day (about the history's length over the horizon)" }),
    mean: z.number().nullable().openapi({ description: "Mean unconditional forward return (or change), decimal; null when n = 0" }),
    mean_se: z.number().nullable().openapi({ description: "Standard error of that mean: std / sqrt(n_effective); null below two effective periods" }),
    std: z.number().nullable().openapi({ description: "Sample standard deviation of those outcomes; null when n < 2" }),
    skewness: z.number().nullable().openapi({ description: "Skewness of those outcomes (moment estimator), read by the intervals' skew correction; null when n < 3" }),
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
    low: z.number().nullable().openapi({ description: "Lower bound; null when the interval is withheld" }),
    high: z.number().nullable().openapi({ description: "Upper bound; null when the interval is withheld" }),
    level: z.number().openapi({ description: "Nominal coverage of the interval (0.9)" }),
    method: z
      .enum(["student_t", "skew_corrected_t"])
      .nullable()
      .openapi({ description: "How the interval was drawn; null when it is withheld" }),
    withheld: z
      .string()
      .nullable()
      .openapi({ description: "Why there is no interval (too few outcomes, too skewed for their number, the analogs' selection effect unmeasurable); null when there is one" }),
    design_effect: z
      .number()
      .nullable()
      .openapi({
        description:
          "How many times the mean's variance exceeds s^2/n because of how the outcomes were chosen (at least 1); the interval's half-widths " +
          "and the excess's t statistic use it. Measured for analog searches of one series (get_patterns, forward distributions, " +
          "position size, playbook, signals); 1 where outcomes are not chosen by their match (backtest buckets) and for the macro " +
          "analogs at 30 days; null when it could not be measured (the interval is then withheld, as for the macro analogs below 30 days)",
      }),
  })
  .openapi("MeanInterval", { description: INTERVAL_TEXT });

export const ExcessSchema = z
  .object({
    mean: z.number().nullable().openapi({ description: "mean_ci.mean - baseline.mean; null when either is missing" }),
    low: z
      .number()
      .nullable()
      .openapi({ description: "Lower bound of the 90% interval of the difference, the baseline's own error included (MOVER: the two intervals combined side by side); null when mean_ci has no interval" }),
    high: z.number().nullable().openapi({ description: "Upper bound of that interval" }),
    t_stat: z
      .number()
      .nullable()
      .openapi({
        description:
          "(mean - baseline mean) / sqrt(design_effect * s^2 / n_independent + baseline.mean_se^2); null below two outcomes, without a baseline error or without a design effect",
      }),
    df: z.number().nullable().openapi({ description: "Welch-Satterthwaite degrees of freedom of t_stat" }),
    p_value: z.number().nullable().openapi({ description: "Two-sided p-value of t_stat (Student's t with df)" }),
    p_adjusted: z
      .number()
      .nullable()
      .openapi({ description: "p_value adjusted for every horizon this answer tests (Holm's step-down); read this one when several horizons are shown" }),
    hypotheses: z.number().int().openapi({ description: "How many hypotheses (horizons with a p-value) this answer's p-values belong to" }),
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
