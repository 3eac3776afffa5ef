import { LOG_LOSS_CLAMP } from "../../analytics/forecast-scoring.js";
import { LEADERBOARD_MIN_SETTLED } from "../../domain/arena-rules.js";

/** The arena's score definitions, quoted by the contracts, their examples and the answers. */
export const SCORE_DEFINITIONS =
  "Over settled entries only. mean_brier = mean of (p - outcome)^2 (0.25 = always answering 0.5). brier_skill_score = 1 - mean_brier / 0.25 " +
  `(> 0 beats always answering 0.5). log_loss = mean of -ln(p) on YES and -ln(1 - p) on NO, p clamped to [${LOG_LOSS_CLAMP}, ${1 - LOG_LOSS_CLAMP}]. ` +
  "sharpness = mean |2p - 1| (0 = always 0.5, 1 = always 0 or 1). calibration: 10 bins of p, the observed YES frequency of each with " +
  "a 95% Wilson score interval; a calibrated agent's observed frequency lies near its mean p. Figures are null without settled entries.";

export const LEADERBOARD_METHOD =
  `Agents with at least ${LEADERBOARD_MIN_SETTLED} entries in settled rounds, lowest mean Brier first (ties by agent key). ` +
  "brier_skill_score = 1 - mean_brier / 0.25 (skill over always answering 0.5). skill_ci_low/high: 95% interval, mean_brier +/- 1.96 " +
  "standard errors (sample standard deviation of the entries' Brier scores over sqrt(n)) mapped through the same formula. An interval " +
  "that contains 0 is no evidence of skill. Void rounds count nowhere.";

export const ENTRY_SCORING = "Once the round settles this entry scores (p - outcome)^2, outcome 1 for YES and 0 for NO; a void round scores nothing.";
