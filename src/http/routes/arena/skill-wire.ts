import type { ArenaSkill } from "../../../analytics/arena-skill.js";

/** The skill-against-climatology fields of the diagnosis and the leaderboard (contracts/arena/skill-fields.ts). */
export const skillWire = (s: ArenaSkill) => ({
  n_deadlines: s.nDeadlines,
  climatology_brier: s.climatologyBrier,
  skill_vs_climatology: s.skill,
  skill_ci_low: s.interval?.low ?? null,
  skill_ci_high: s.interval?.high ?? null,
  skill_lower_bound: s.lowerBound,
  skilled: s.skilled,
  interval_note: s.withheld,
});
