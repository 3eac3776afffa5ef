import type { SettledRoundOutcome } from "../domain/arena.js";
import { skewCorrectedMeanInterval } from "../core/mean-interval.js";
import { mean, sampleStd, skewness } from "../core/statistics.js";
import { brierScore } from "./forecast-scoring.js";
import { INTERVAL_LEVEL, intervalOfMean, MIN_INTERVAL_N } from "./interval-policy.js";

/**
 * The arena's skill: how much an agent's Brier score beats climatology, the base rate known before each round
 * opened, with an interval that treats the entries settling at one deadline as one observation (docs/arena.md,
 * "Scores"). Glossary: o = outcome (1 YES, 0 NO), p = the agent's probability, q = the climatology forecast.
 *
 * - Climatology of a round: q = (Y + 1) / (N + 2), where N counts the settled rounds of the same coin and the same
 *   price source whose deadline is at or before this round's opening, and Y how many of them settled YES (the
 *   share of YES with one imaginary YES and one imaginary NO, so q = 0.5 with no history). Only outcomes fixed
 *   before the round opened enter it: it is what anyone could have answered without skill.
 * - Skill of an entry: (q - o)^2 - (p - o)^2, the Brier score of climatology minus the agent's on the same outcome;
 *   > 0 beats the base rate.
 * - Cluster: an agent's entries in rounds sharing a deadline (coins settling at the same instant move together).
 *   Each deadline's entries are averaged into one value; the skill is the mean of those values (each deadline
 *   weighs the same) and its interval is the service's one interval policy over them (interval-policy.ts: 90%,
 *   Student t corrected for skewness by Hall's transformation), so n is the number of deadlines.
 * - Skewness: the sample skewness of the deadline values themselves (Hall 1992 estimates it so). A confident agent
 *   on coins that move together scores a few large losses among many small gains; on the processes of
 *   test/statistics/arena-skill-coverage.test.ts Student's t alone covers 86% at 10 deadlines for a strongly skilled
 *   agent and flags an agent of exactly zero skill 3.3% of the time for a nominal 2.5%; corrected, 91% and 1.1%.
 * - Minimum: MIN_SKILL_DEADLINES deadlines, twice the policy's MIN_INTERVAL_N. At 5 deadlines even the corrected
 *   interval covers the strongly skilled agent 87% of the time and flags the zero-skill one 3.8% (all five of its
 *   guesses matching the common move happens 1 time in 20); at 8, 90% and 1.8%. Below it the interval and the flag
 *   are withheld, with the reason.
 * - Limit: an agent that calls the common move right at 9 deadlines in 10 at high confidence loses rarely and
 *   heavily, and a handful of deadlines seldom holds such a loss: covered 84% at 10 deadlines, 89% at 20, 90% at 30.
 * - Flag: `skilled` is true when the one-sided SKILL_FLAG_LEVEL lower bound (the lower end of the two-sided
 *   2 SKILL_FLAG_LEVEL - 1 interval of the same construction) is above 0: an agent without skill is flagged at most
 *   2.5% of the time. Null (no verdict) whenever the interval is withheld.
 */

/** The imaginary YES and NO outcomes climatology starts from (Laplace's rule of succession). */
export const CLIMATOLOGY_PRIOR_COUNT = 1;
/** One-sided level of the lower bound behind the `skilled` flag: a no-skill agent is flagged at most 1 - this often. */
export const SKILL_FLAG_LEVEL = 0.975;
/** Fewest deadlines the interval and the flag are given from (see above). */
export const MIN_SKILL_DEADLINES = 2 * MIN_INTERVAL_N;

export interface Climatology {
  /** The climatology forecast q. */
  p: number;
  /** Settled rounds behind it (N) and how many settled YES (Y). */
  n: number;
  yes: number;
}

/** The first index of the ascending `sorted` whose value is above `limit` (so the count of values <= limit). */
function countAtOrBelow(sorted: readonly number[], limit: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid] <= limit) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The climatology of every settled round (by round id), from the settled rounds given (all of them, any order). */
export function climatologyByRound(rounds: readonly SettledRoundOutcome[]): Map<string, Climatology> {
  const groups = new Map<string, SettledRoundOutcome[]>();
  for (const round of rounds) {
    const key = `${round.source}\u0000${round.coin}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [round]);
    else group.push(round);
  }
  const result = new Map<string, Climatology>();
  for (const group of groups.values()) {
    const byDeadline = [...group].sort((a, b) => a.deadlineMs - b.deadlineMs);
    const deadlines = byDeadline.map((r) => r.deadlineMs);
    // yesBefore[k] = YES outcomes among the k earliest deadlines.
    const yesBefore = [0];
    for (const r of byDeadline) yesBefore.push(yesBefore[yesBefore.length - 1] + r.outcome);
    for (const round of group) {
      const n = countAtOrBelow(deadlines, round.openedAtMs);
      const yes = yesBefore[n];
      result.set(round.roundId, { p: (yes + CLIMATOLOGY_PRIOR_COUNT) / (n + 2 * CLIMATOLOGY_PRIOR_COUNT), n, yes });
    }
  }
  return result;
}

/** One settled entry with its round's deadline and climatology. */
export interface ScoredEntry {
  deadlineMs: number;
  p: number;
  outcome: 0 | 1;
  climatology: number;
}

export interface ArenaSkill {
  nEntries: number;
  /** Distinct deadlines: the independent values the interval rests on. */
  nDeadlines: number;
  /** Means over entries. */
  meanBrier: number;
  climatologyBrier: number;
  /** Mean over deadlines of each deadline's mean (q - o)^2 - (p - o)^2. */
  skill: number;
  /** The INTERVAL_LEVEL interval of the skill, or null with the reason in `withheld`. */
  interval: { low: number; high: number } | null;
  withheld: string | null;
  /** The one-sided SKILL_FLAG_LEVEL lower bound of the skill (null when the interval is withheld). */
  lowerBound: number | null;
  /** lowerBound > 0; null when there is no interval. */
  skilled: boolean | null;
}

/** The skill of a set of settled entries against climatology, clustered by deadline; null for none. */
export function arenaSkill(entries: readonly ScoredEntry[]): ArenaSkill | null {
  if (entries.length === 0) return null;
  const clusters = new Map<number, { sum: number; n: number }>();
  let brierSum = 0;
  let climatologySum = 0;
  for (const e of entries) {
    const brier = brierScore(e);
    const climatology = brierScore({ p: e.climatology, outcome: e.outcome });
    brierSum += brier;
    climatologySum += climatology;
    const cluster = clusters.get(e.deadlineMs);
    if (cluster === undefined) clusters.set(e.deadlineMs, { sum: climatology - brier, n: 1 });
    else {
      cluster.sum += climatology - brier;
      cluster.n += 1;
    }
  }
  // In deadline order, so the same entries give the same bits whatever order they were read in.
  const values = [...clusters.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c.sum / c.n);
  const n = values.length;
  const base = { nEntries: entries.length, nDeadlines: n, meanBrier: brierSum / entries.length, climatologyBrier: climatologySum / entries.length, skill: mean(values) };
  if (n < MIN_SKILL_DEADLINES) {
    const withheld =
      `${n} deadline${n === 1 ? "" : "s"}: too few for an interval (at least ${MIN_SKILL_DEADLINES}; ` +
      "the entries settling at one deadline count once, as their average)";
    return { ...base, interval: null, withheld, lowerBound: null, skilled: null };
  }
  const gamma = skewness(values);
  const policy = intervalOfMean(values, gamma);
  if (policy.interval === null) return { ...base, interval: null, withheld: policy.withheld, lowerBound: null, skilled: null };
  const lowerBound = skewCorrectedMeanInterval(base.skill, sampleStd(values), n, 2 * SKILL_FLAG_LEVEL - 1, gamma).low;
  return { ...base, interval: policy.interval, withheld: null, lowerBound, skilled: lowerBound > 0 };
}

/** The level of the published interval, for the texts that quote it. */
export const SKILL_INTERVAL_LEVEL = INTERVAL_LEVEL;
