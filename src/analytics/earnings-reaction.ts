import { mean, median } from "../core/statistics.js";

/**
 * Price reactions to earnings reports and the summary rules built on them. Pure: daily closes and report
 * dates in, figures out. A report's session matters: a pre-market report moves the same day's close, an
 * after-hours report the next session's; when the source does not say, the window spans both.
 */

export type ReportTime = "pre-market" | "after-hours" | "not-supplied";

export interface DailyClose {
  /** YYYY-MM-DD of the session. */
  date: string;
  close: number;
}

export interface EarningsReaction {
  /** Session whose close is the reference before the report. */
  before_date: string;
  close_before: number;
  /** First session that traded on the news (day 1). */
  after_date: string;
  close_after: number;
  /** close_after / close_before - 1. */
  reaction_1d: number;
  /** Sessions between the two closes: 1, or 2 when the report's session is not stated (the window spans both). */
  sessions: number;
  /** Fifth session that traded on the news (day 5), or null when it is not in the stored bars yet. */
  after_5d_date: string | null;
  /** Close of day 5 / close_before - 1. */
  reaction_5d: number | null;
}

/** Sessions counted from day 1 to day 5 inclusive. */
const FIVE_DAY_OFFSET = 4;

/**
 * The reaction to a report on `reportDate`, from closes sorted by date; undefined when the bars do not cover
 * the session before and the session after (a report older than the stored history, or not traded yet).
 */
export function earningsReaction(closes: readonly DailyClose[], reportDate: string, time: ReportTime): EarningsReaction | undefined {
  // before: last session strictly before the report day (pre-market, unknown) or on it (after-hours).
  const beforeIndex = time === "after-hours" ? lastIndexWhere(closes, (d) => d <= reportDate) : lastIndexWhere(closes, (d) => d < reportDate);
  if (beforeIndex < 0) return undefined;
  // day 1: the report day's own session for a pre-market report, otherwise the first session after it.
  const afterIndex = time === "pre-market" ? firstIndexWhere(closes, (d) => d >= reportDate) : firstIndexWhere(closes, (d) => d > reportDate);
  if (afterIndex < 0 || afterIndex <= beforeIndex) return undefined;
  const before = closes[beforeIndex]!;
  const after = closes[afterIndex]!;
  const fifth = closes[afterIndex + FIVE_DAY_OFFSET];
  return {
    before_date: before.date,
    close_before: before.close,
    after_date: after.date,
    close_after: after.close,
    reaction_1d: after.close / before.close - 1,
    sessions: afterIndex - beforeIndex,
    after_5d_date: fifth?.date ?? null,
    reaction_5d: fifth === undefined ? null : fifth.close / before.close - 1,
  };
}

function lastIndexWhere(closes: readonly DailyClose[], test: (date: string) => boolean): number {
  for (let i = closes.length - 1; i >= 0; i--) if (test(closes[i]!.date)) return i;
  return -1;
}

function firstIndexWhere(closes: readonly DailyClose[], test: (date: string) => boolean): number {
  for (let i = 0; i < closes.length; i++) if (test(closes[i]!.date)) return i;
  return -1;
}

export type SurpriseResult = "beat" | "miss" | "in-line";

/** Actual above the estimate is a beat, below a miss, equal in line; null when either is missing. */
export function surpriseResult(actual: number | null, estimate: number | null): SurpriseResult | null {
  if (actual === null || estimate === null) return null;
  if (actual > estimate) return "beat";
  return actual < estimate ? "miss" : "in-line";
}

export interface ScoredQuarter {
  result: SurpriseResult | null;
  reaction: EarningsReaction | undefined;
}

export interface Figure {
  value: number | null;
  n: number;
  rule: string;
}

export interface EarningsSummary {
  beat_rate: Figure;
  avg_reaction_on_beats: Figure;
  avg_reaction_on_misses: Figure;
  high_volatility_event: { flag: boolean | null; n: number; rule: string; mean_abs_reaction: number | null; typical_abs_daily_move: number | null };
  buy_the_dip: { signal: boolean | null; n: number; rule: string; recovered: number };
}

/** Fewer reactions than this and a flag or signal is null: one report says nothing about a habit. */
export const MIN_REACTIONS_FOR_A_FLAG = 2;
/** A report day is a high-volatility event when its mean absolute move is at least this many typical days. */
export const HIGH_VOLATILITY_MULTIPLE = 2;
/** Share of post-report drops that recovered by day 5 above which buying the dip is signalled. */
export const DIP_RECOVERY_SHARE = 2 / 3;

const meanOrNull = (xs: readonly number[]) => (xs.length === 0 ? null : mean(xs));

/**
 * The median absolute close-to-close return of the sessions before `beforeDate` (at most `sessions` of
 * them): the yardstick a report-day move is compared with.
 */
export function typicalAbsDailyMove(closes: readonly DailyClose[], beforeDate: string, sessions = 250): number | null {
  const end = firstIndexWhere(closes, (d) => d >= beforeDate);
  const stop = end < 0 ? closes.length : end;
  const start = Math.max(1, stop - sessions);
  const moves: number[] = [];
  for (let i = start; i < stop; i++) moves.push(Math.abs(closes[i]!.close / closes[i - 1]!.close - 1));
  return moves.length === 0 ? null : median(moves);
}

/** The summary of a ticker's reports, each figure with the rule that produced it and its n. */
export function summarizeEarnings(quarters: readonly ScoredQuarter[], typicalMove: number | null): EarningsSummary {
  const judged = quarters.filter((q) => q.result !== null);
  const beats = judged.filter((q) => q.result === "beat");
  const reactionsOf = (qs: readonly ScoredQuarter[]) => qs.flatMap((q) => (q.reaction === undefined ? [] : [q.reaction.reaction_1d]));
  const beatReactions = reactionsOf(beats);
  const missReactions = reactionsOf(judged.filter((q) => q.result === "miss"));
  const reactions = quarters.flatMap((q) => (q.reaction === undefined ? [] : [q.reaction]));
  // A reaction spanning s sessions is scaled by 1/sqrt(s) (a random walk's spread) before it meets a one-day yardstick.
  const meanAbs = meanOrNull(reactions.map((r) => Math.abs(r.reaction_1d) / Math.sqrt(r.sessions)));
  const enough = reactions.length >= MIN_REACTIONS_FOR_A_FLAG;
  const dips = reactions.filter((r) => r.reaction_1d < 0 && r.reaction_5d !== null);
  const recovered = dips.filter((r) => r.reaction_5d! > r.reaction_1d).length;
  return {
    beat_rate: { value: judged.length === 0 ? null : beats.length / judged.length, n: judged.length, rule: "quarters with actual EPS above the estimate / quarters with both figures" },
    avg_reaction_on_beats: { value: meanOrNull(beatReactions), n: beatReactions.length, rule: "mean 1-day reaction of the beats whose report date and closes are known" },
    avg_reaction_on_misses: { value: meanOrNull(missReactions), n: missReactions.length, rule: "mean 1-day reaction of the misses whose report date and closes are known" },
    high_volatility_event: {
      flag: enough && meanAbs !== null && typicalMove !== null ? meanAbs >= HIGH_VOLATILITY_MULTIPLE * typicalMove : null,
      n: reactions.length,
      rule:
        `true when the mean absolute 1-day reaction (one spanning s sessions divided by sqrt(s)) is at least ${HIGH_VOLATILITY_MULTIPLE}x ` +
        `the median absolute daily return of the 250 sessions before the latest report; null with fewer than ${MIN_REACTIONS_FOR_A_FLAG} reactions`,
      mean_abs_reaction: meanAbs,
      typical_abs_daily_move: typicalMove,
    },
    buy_the_dip: {
      signal: dips.length >= MIN_REACTIONS_FOR_A_FLAG ? recovered / dips.length >= DIP_RECOVERY_SHARE : null,
      n: dips.length,
      rule:
        "among reports followed by a 1-day drop (with a known day-5 close), true when at least two thirds had recovered part of the drop " +
        `by day 5 (5-day reaction above the 1-day reaction); null with fewer than ${MIN_REACTIONS_FOR_A_FLAG} such drops`,
      recovered,
    },
  };
}
