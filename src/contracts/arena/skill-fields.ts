import { z } from "@hono/zod-openapi";
import { MIN_SKILL_DEADLINES, SKILL_FLAG_LEVEL, SKILL_INTERVAL_LEVEL } from "../../analytics/arena-skill.js";

const pct = (level: number) => `${Number((level * 100).toFixed(1))}%`;

/** The skill-against-climatology fields the diagnosis (nullable: no settled entries) and the leaderboard share. */
export const skillFields = {
  n_deadlines: z
    .number()
    .int()
    .openapi({ description: "Distinct deadlines of the settled entries: the independent values the interval rests on (entries sharing a deadline count once)" }),
  climatology_brier: z
    .number()
    .openapi({ description: "Mean Brier score climatology (the coin's base rate of YES known before each round opened) earns on the same entries" }),
  skill_vs_climatology: z
    .number()
    .openapi({ description: "Mean over deadlines of each deadline's mean of (climatology - outcome)^2 - (p - outcome)^2; > 0 beats the base rate" }),
  skill_ci_low: z
    .number()
    .nullable()
    .openapi({ description: `Lower end of the ${pct(SKILL_INTERVAL_LEVEL)} interval of skill_vs_climatology over the deadline averages; null when withheld (interval_note)` }),
  skill_ci_high: z.number().nullable().openapi({ description: `Upper end of the same ${pct(SKILL_INTERVAL_LEVEL)} interval; null when withheld` }),
  skill_lower_bound: z
    .number()
    .nullable()
    .openapi({ description: `One-sided ${pct(SKILL_FLAG_LEVEL)} lower bound of skill_vs_climatology (same construction); null when the interval is withheld` }),
  skilled: z
    .boolean()
    .nullable()
    .openapi({
      description: `skill_lower_bound > 0: measured skill over climatology (a no-skill agent is flagged at most ${pct(1 - SKILL_FLAG_LEVEL)} of the time); null below ${MIN_SKILL_DEADLINES} deadlines`,
    }),
  interval_note: z.string().nullable().openapi({ description: "Why there is no interval (too few deadlines, averages that do not vary); null when there is one" }),
};
