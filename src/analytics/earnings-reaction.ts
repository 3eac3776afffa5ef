/**
 * Price reactions to earnings reports. Pure: daily closes and report dates in, figures out. A report's session
 * matters: a pre-market report moves the same day's close, an after-hours report the next session's; when the
 * source does not say, the window spans both. This is the raw move; abnormal-reaction.ts sets the market's move
 * over the same sessions beside it (a report week in which the whole market fell is not news about the company),
 * earnings-summary.ts and earnings-flags.ts summarise many reports.
 */

export type ReportTime = "pre-market" | "after-hours" | "not-supplied";

export interface DailyClose {
  /** YYYY-MM-DD of the session. */
  date: string;
  close: number;
}

export interface PriceReaction {
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
 * The raw price reaction to a report on `reportDate`, from closes sorted by date; undefined when the bars do not cover
 * the session before and the session after (a report older than the stored history, or not traded yet).
 */
export function priceReaction(closes: readonly DailyClose[], reportDate: string, time: ReportTime): PriceReaction | undefined {
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
