import { CLIMATOLOGY_PRIOR_COUNT, MIN_SKILL_DEADLINES, SKILL_FLAG_LEVEL, SKILL_INTERVAL_LEVEL } from "../../analytics/arena-skill.js";
import { LOG_LOSS_CLAMP } from "../../analytics/forecast-scoring.js";
import { LEADERBOARD_MIN_SETTLED } from "../../domain/arena-rules.js";

const pct = (level: number) => `${Number((level * 100).toFixed(1))}%`;

/** Climatology, the reference forecast every skill figure is measured against. */
export const CLIMATOLOGY_DEFINITION =
  `climatology of a round = (Y + ${CLIMATOLOGY_PRIOR_COUNT}) / (N + ${2 * CLIMATOLOGY_PRIOR_COUNT}): the base rate of YES of its coin known before it opened, ` +
  "from the N settled rounds of the same coin (and the same price source) whose deadline came at or before its opened_at, Y of " +
  "them YES (0.5 without history). climatology_brier = mean of (climatology - outcome)^2 over the same entries.";

/** The skill against climatology, its interval and the flag, as the diagnosis and the leaderboard report them. */
export const SKILL_DEFINITION =
  "skill_vs_climatology = the mean over deadlines of each deadline's mean of (climatology - outcome)^2 - (p - outcome)^2 " +
  "(> 0 beats the base rate). Coins settling at one deadline move together, so an agent's entries sharing a deadline are " +
  "averaged first and each deadline counts once; with as many entries at every deadline this equals climatology_brier - " +
  `mean_brier. skill_ci_low/high: ${pct(SKILL_INTERVAL_LEVEL)} interval of it from the n_deadlines deadline averages (Student t, ` +
  `corrected for their skewness by Hall's transformation); null below ${MIN_SKILL_DEADLINES} deadlines or when the averages do not ` +
  `vary, with the reason in interval_note. skill_lower_bound: one-sided ${pct(SKILL_FLAG_LEVEL)} lower bound of the same ` +
  `construction. skilled = skill_lower_bound > 0 (an agent without skill is flagged at most ${pct(1 - SKILL_FLAG_LEVEL)} of the ` +
  "time); null when there is no interval. brier_skill_score = 1 - mean_brier / 0.25 is against always answering 0.5, a reference " +
  "only: when a coin closed above its strike 60% of the time, answering 0.6 beats 0.5 without any skill.";

/** The arena's score definitions, quoted by the contracts, their examples and the answers. */
export const SCORE_DEFINITIONS =
  "Over settled entries only. mean_brier = mean of (p - outcome)^2 (0.25 = always answering 0.5). " +
  `${CLIMATOLOGY_DEFINITION} ${SKILL_DEFINITION} ` +
  `log_loss = mean of -ln(p) on YES and -ln(1 - p) on NO, p clamped to [${LOG_LOSS_CLAMP}, ${1 - LOG_LOSS_CLAMP}]. ` +
  "sharpness = mean |2p - 1| (0 = always 0.5, 1 = always 0 or 1). calibration: 10 bins of p, the observed YES frequency of each with " +
  "a 95% Wilson score interval; a calibrated agent's observed frequency lies near its mean p. Figures are null without settled entries.";

export const LEADERBOARD_METHOD =
  `Agents with at least ${LEADERBOARD_MIN_SETTLED} entries in settled rounds, highest skill_vs_climatology first (ties by agent key). ` +
  `${CLIMATOLOGY_DEFINITION} ${SKILL_DEFINITION} Void rounds count nowhere.`;

export const ENTRY_SCORING =
  "Once the round settles this entry scores (p - outcome)^2, outcome 1 for YES and 0 for NO, and is compared with climatology, the " +
  "coin's base rate of YES known before the round opened; a void round scores nothing.";
