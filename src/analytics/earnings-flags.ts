import { mean, skewness } from "../core/statistics.js";
import { abnormalReturns, marketReturn, type AbnormalReturn, type EarningsReaction, type MarketCloses } from "./abnormal-reaction.js";
import type { DailyClose } from "./earnings-reaction.js";
import { INTERVAL_LEVEL, intervalOfMean, type MeanInterval } from "./interval-policy.js";

/**
 * The two habits the earnings summary flags: report days that move the stock far more than ordinary days, and
 * post-report drops that are bought back within the week. Each is a claim about a mean over a company's reports,
 * and a handful of reports makes a noisy mean, so each flag rests on the 90% interval of that mean (the one
 * interval policy, interval-policy.ts) and is raised only when the whole interval lies on the flag's side of its
 * threshold. Both read market-adjusted (abnormal) reactions: a report week in which the whole market fell or
 * rebounded says nothing about the company's reports.
 */

/** Report days move the stock at least this many ordinary days' moves: the high-volatility threshold. */
export const HIGH_VOLATILITY_MULTIPLE = 2;
/** Sessions before a report whose abnormal moves make its yardstick (about a year). */
export const YARDSTICK_SESSIONS = 250;
/** Fewest sessions a yardstick is drawn from; a report with less history before it is left out. */
export const MIN_YARDSTICK_SESSIONS = 100;
/** Fewest ordinary abnormal returns whose skewness the interval's correction reads; with fewer it is uncorrected. */
export const MIN_REFERENCE_RETURNS = 100;
/** Sessions from day 1's close to day 5's: the buy-the-dip holding period. */
const DRIFT_SESSIONS = 4;

/**
 * raised: the interval lies above the threshold (flag true); not-raised: below it (false); undecided: it contains
 * the threshold (null); insufficient: no interval, too few reports or too skewed for their number (null).
 */
export type FlagVerdict = "raised" | "not-raised" | "undecided" | "insufficient";

export interface FlagInterval {
  low: number | null;
  high: number | null;
  level: number;
  method: MeanInterval["method"];
  withheld: string | null;
}

export interface FlagDecision {
  flag: boolean | null;
  verdict: FlagVerdict;
  reason: string;
  /** Reports the mean rests on. */
  n: number;
  mean: number | null;
  interval: FlagInterval;
  /** The value the interval must clear: above it raises the flag, below it lowers it. */
  threshold: number;
  /** Skewness of the ordinary returns the interval was corrected for; null: uncorrected (Student's t). */
  reference_skewness: number | null;
}

const shown = (x: number) => x.toPrecision(3);

/** The flag a mean over reports supports: the rule of FlagVerdict, on intervalOfMean's interval. */
export function decideFlag(values: readonly number[], referenceSkewness: number | null, threshold: number): FlagDecision {
  const n = values.length;
  const ci = intervalOfMean(values, referenceSkewness);
  const decision = (flag: boolean | null, verdict: FlagVerdict, reason: string): FlagDecision => ({
    flag,
    verdict,
    reason,
    n,
    mean: n === 0 ? null : mean(values),
    interval: { low: ci.interval?.low ?? null, high: ci.interval?.high ?? null, level: INTERVAL_LEVEL, method: ci.method, withheld: ci.withheld },
    threshold,
    reference_skewness: referenceSkewness,
  });
  if (ci.interval === null) return decision(null, "insufficient", `cannot be decided from ${n} report${n === 1 ? "" : "s"}: ${ci.withheld}`);
  const { low, high } = ci.interval;
  const where = `the ${INTERVAL_LEVEL * 100}% interval of the mean over ${n} reports, [${shown(low)}, ${shown(high)}],`;
  if (low > threshold) return decision(true, "raised", `${where} lies above ${threshold}`);
  if (high < threshold) return decision(false, "not-raised", `${where} lies below ${threshold}`);
  return decision(null, "undecided", `${where} contains ${threshold}: these reports cannot tell`);
}

/**
 * Reports in date order whose windows (the close before to day 5) share no session with the previous one kept:
 * the interval needs independent values, and two calendar rows naming nearby days are one event.
 */
export function independentReports(reactions: readonly EarningsReaction[]): EarningsReaction[] {
  const kept: EarningsReaction[] = [];
  let end = "";
  for (const r of [...reactions].sort((a, b) => (a.before_date < b.before_date ? -1 : a.before_date > b.before_date ? 1 : 0))) {
    if (r.before_date < end) continue;
    kept.push(r);
    end = r.after_5d_date ?? r.after_date;
  }
  return kept;
}

/**
 * Ordinary abnormal returns over `sessions` sessions: every window that shares no session with a report's news
 * (its day-1 window, from the close before to day 1's). Counted by a running total of news sessions, so that a
 * window touches news when the count grows inside it.
 */
function ordinaryReturns(stock: readonly DailyClose[], market: MarketCloses, sessions: number, reports: readonly EarningsReaction[]): AbnormalReturn[] {
  if (market.byDate === null) return [];
  const news = new Uint8Array(stock.length);
  const indexOf = new Map(stock.map((c, i) => [c.date, i]));
  for (const report of reports) {
    const before = indexOf.get(report.before_date);
    const after = indexOf.get(report.after_date);
    if (before !== undefined && after !== undefined) news.fill(1, before + 1, after + 1);
  }
  const newsUpTo = new Int32Array(stock.length);
  for (let i = 0; i < stock.length; i++) newsUpTo[i] = (i === 0 ? 0 : newsUpTo[i - 1]!) + news[i]!;
  return abnormalReturns(stock, market.byDate, sessions).filter((r) => newsUpTo[r.toIndex]! === newsUpTo[r.toIndex - sessions]!);
}

const referenceSkewness = (values: readonly number[]) => (values.length >= MIN_REFERENCE_RETURNS ? skewness(values) : null);

/** The mean absolute ordinary abnormal daily return of the YARDSTICK_SESSIONS sessions up to `beforeDate` (`daily` in date order). */
function yardstick(daily: readonly AbnormalReturn[], beforeDate: string): number | null {
  // The first return dated after beforeDate, by bisection: one report's yardstick costs its 250 sessions, not the history.
  let low = 0;
  let high = daily.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (daily[mid]!.to <= beforeDate) low = mid + 1;
    else high = mid;
  }
  const start = Math.max(0, low - YARDSTICK_SESSIONS);
  if (low - start < MIN_YARDSTICK_SESSIONS) return null;
  let sum = 0;
  for (let i = start; i < low; i++) sum += Math.abs(daily[i]!.value);
  const typical = sum / (low - start);
  return typical > 0 ? typical : null;
}

/** With reports but no market closes, the reason is the market's absence, not the count it causes. */
const withoutMarket = (decision: FlagDecision, market: MarketCloses, reports: readonly EarningsReaction[]): FlagDecision =>
  market.byDate === null && reports.length > 0 ? { ...decision, reason: `cannot be decided without the market's closes (${market.ticker}): ${market.note ?? "not loaded"}` } : decision;

export interface HighVolatilityFlag extends FlagDecision {
  rule: string;
  /** Mean over the n reports of |abnormal day-1 reaction| / sqrt(sessions). */
  mean_abs_reaction: number | null;
  /** The yardstick of the latest of those reports. */
  typical_abs_daily_move: number | null;
}

/**
 * Per report: its abnormal day-1 move (absolute, one spanning s sessions divided by √s: a random walk's spread)
 * over the yardstick, the mean absolute ordinary abnormal daily return of the 250 sessions before it. Mean against
 * mean, so that a report day like any other scores 1. The interval is corrected for the skewness of |ordinary
 * abnormal daily returns|: under the flag's question report days are ordinary days scaled up, and a scale does not
 * change a skewness. The yardstick is treated as known: it rests on 250 days against the reports' few. Its own error
 * would widen the interval by about 1% at 5 reports and 6% at 30 when the reports share one yardstick; the seeded
 * simulation (test/statistics/earnings-flag-coverage.test.ts), which draws the yardsticks too, measures 88-94% coverage.
 */
export function highVolatilityFlag(reactions: readonly EarningsReaction[], stock: readonly DailyClose[], market: MarketCloses): HighVolatilityFlag {
  const reports = independentReports(reactions);
  const daily = ordinaryReturns(stock, market, 1, reports);
  const moves: number[] = [];
  const ratios: number[] = [];
  let latest: number | null = null;
  for (const report of reports) {
    const typical = report.abnormal_1d === null ? null : yardstick(daily, report.before_date);
    if (typical === null) continue;
    const move = Math.abs(report.abnormal_1d!) / Math.sqrt(report.sessions);
    moves.push(move);
    ratios.push(move / typical);
    latest = typical;
  }
  const decision = withoutMarket(decideFlag(ratios, referenceSkewness(daily.map((r) => Math.abs(r.value))), HIGH_VOLATILITY_MULTIPLE), market, reports);
  return {
    ...decision,
    rule:
      `per report, |abnormal day-1 reaction| (one spanning s sessions divided by sqrt(s)) over the mean |abnormal daily return| of the ` +
      `${YARDSTICK_SESSIONS} sessions before it (other reports' news sessions left out; at least ${MIN_YARDSTICK_SESSIONS}); ` +
      `true when the ${INTERVAL_LEVEL * 100}% interval of the mean ratio lies above ${HIGH_VOLATILITY_MULTIPLE}, false when it lies below, ` +
      `null when it contains ${HIGH_VOLATILITY_MULTIPLE} (undecided) or is withheld (insufficient)`,
    mean_abs_reaction: moves.length === 0 ? null : mean(moves),
    typical_abs_daily_move: latest,
  };
}

export interface BuyTheDipFlag extends Omit<FlagDecision, "flag"> {
  signal: boolean | null;
  rule: string;
  /** Of the n drops, how many had a positive abnormal return from day 1 to day 5. */
  recovered: number;
}

/**
 * Per report whose abnormal day-1 reaction was a drop: the abnormal return from day 1's close to day 5's (what
 * buying the dip at day 1's close earned beyond the market over the next 4 sessions). A drop with the market
 * is not a dip in the company. The interval is corrected for the skewness of ordinary 4-session abnormal returns.
 */
export function buyTheDipFlag(reactions: readonly EarningsReaction[], stock: readonly DailyClose[], market: MarketCloses): BuyTheDipFlag {
  const reports = independentReports(reactions);
  const drifts: number[] = [];
  for (const report of reports) {
    if (report.abnormal_1d === null || !(report.abnormal_1d < 0) || report.after_5d_date === null || report.reaction_5d === null) continue;
    const marketDrift = marketReturn(market, report.after_date, report.after_5d_date).value;
    if (marketDrift === null) continue;
    // Day 5's close over day 1's: (1 + reaction_5d) / (1 + reaction_1d), both measured from the close before.
    drifts.push((1 + report.reaction_5d) / (1 + report.reaction_1d) - 1 - marketDrift);
  }
  const reference = referenceSkewness(ordinaryReturns(stock, market, DRIFT_SESSIONS, reports).map((r) => r.value));
  const { flag, ...decision } = withoutMarket(decideFlag(drifts, reference, 0), market, reports);
  return {
    signal: flag,
    ...decision,
    rule:
      "among reports whose abnormal day-1 reaction was negative (with a known day 5), the abnormal return from day 1's close to day 5's " +
      `(stock minus market over those ${DRIFT_SESSIONS} sessions); true when the ${INTERVAL_LEVEL * 100}% interval of its mean lies above 0 ` +
      "(drops bought back beyond the market), false when it lies below 0 (drops kept falling), null when it contains 0 (undecided) or is withheld (insufficient)",
    recovered: drifts.filter((d) => d > 0).length,
  };
}
