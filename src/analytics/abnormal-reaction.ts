import { priceReaction, type DailyClose, type PriceReaction, type ReportTime } from "./earnings-reaction.js";

/**
 * Market-adjusted (abnormal) returns: the stock's return minus the market's over exactly the same two closes.
 * The market-adjusted model of event studies: beta is taken as 1 and nothing is estimated, so a report with a few
 * reports' worth of history has nothing to fit and nothing to overfit. Its cost: a high- or low-beta stock keeps
 * part of the market's move in its abnormal return. Both closes must be the market's own on those dates; a
 * session the market did not trade is a missing figure, never a neighbouring close.
 */

/** The series reactions are adjusted by: its ticker, its closes by date, and why there are none when so. */
export interface MarketCloses {
  ticker: string;
  /** Close by YYYY-MM-DD; null when the market's closes could not be loaded. */
  byDate: ReadonlyMap<string, number> | null;
  /** Why byDate is null; null otherwise. */
  note: string | null;
}

/** The model, as the answer states it beside the market's ticker. */
export const MARKET_ADJUSTED_MODEL = "market-adjusted: the stock's return minus the market's return over the same sessions (beta taken as 1, nothing estimated)";

/** The market series of US equities: the S&P 500 ETF, the same symbol offline (SPY.csv) and live. */
export const US_MARKET_TICKER = "SPY";

/** A report's price reaction with the market's move over the same closes, and the difference (the abnormal reaction). */
export interface EarningsReaction extends PriceReaction {
  /** The market's return over the same two closes as reaction_1d; null when it has no close on either date. */
  market_1d: number | null;
  /** reaction_1d - market_1d: the market-adjusted (abnormal) day-1 reaction. */
  abnormal_1d: number | null;
  /** The market's return from before_date's close to day 5's. */
  market_5d: number | null;
  /** reaction_5d - market_5d. */
  abnormal_5d: number | null;
  /** Why an abnormal figure is null while its raw one is not; null when nothing is missing. */
  abnormal_note: string | null;
}

type MarketReturn = { value: number; why: null } | { value: null; why: string };

/** The market's return from the close on `from` to the close on `to`, or why there is none. */
export function marketReturn(market: MarketCloses, from: string, to: string): MarketReturn {
  if (market.byDate === null) return { value: null, why: `no ${market.ticker} closes: ${market.note ?? "not loaded"}` };
  const start = market.byDate.get(from);
  const end = market.byDate.get(to);
  if (start === undefined || end === undefined) return { value: null, why: `${market.ticker} has no close on ${start === undefined ? from : to}` };
  return { value: end / start - 1, why: null };
}

/** A raw reaction with the market's return over the same closes and the difference, at day 1 and day 5. */
export function marketAdjusted(raw: PriceReaction, market: MarketCloses): EarningsReaction {
  const day1 = marketReturn(market, raw.before_date, raw.after_date);
  const day5 = raw.after_5d_date === null ? null : marketReturn(market, raw.before_date, raw.after_5d_date);
  const notes = [day1.why, day5?.why ?? null].filter((why): why is string => why !== null);
  return {
    ...raw,
    market_1d: day1.value,
    abnormal_1d: day1.value === null ? null : raw.reaction_1d - day1.value,
    market_5d: day5?.value ?? null,
    abnormal_5d: day5?.value == null || raw.reaction_5d === null ? null : raw.reaction_5d - day5.value,
    abnormal_note: notes.length === 0 ? null : [...new Set(notes)].join("; "),
  };
}

/** The reaction to a report, raw and against `market` over the same sessions; undefined as priceReaction. */
export function earningsReaction(closes: readonly DailyClose[], reportDate: string, time: ReportTime, market: MarketCloses): EarningsReaction | undefined {
  const raw = priceReaction(closes, reportDate, time);
  return raw === undefined ? undefined : marketAdjusted(raw, market);
}

/** An abnormal return from the close on `from` to the close on `to` (`sessions` stock sessions apart). */
export interface AbnormalReturn {
  from: string;
  to: string;
  /** Index of `to` in the stock's closes. */
  toIndex: number;
  value: number;
}

/**
 * Every abnormal return over `sessions` consecutive stock sessions (closes sorted by date), overlapping, skipping
 * the windows whose two dates the market lacks: the ordinary behaviour a report's reaction is compared with.
 */
export function abnormalReturns(stock: readonly DailyClose[], market: ReadonlyMap<string, number>, sessions: number): AbnormalReturn[] {
  const out: AbnormalReturn[] = [];
  for (let i = sessions; i < stock.length; i++) {
    const start = stock[i - sessions]!;
    const end = stock[i]!;
    const marketStart = market.get(start.date);
    const marketEnd = market.get(end.date);
    if (marketStart === undefined || marketEnd === undefined) continue;
    out.push({ from: start.date, to: end.date, toIndex: i, value: end.close / start.close - 1 - (marketEnd / marketStart - 1) });
  }
  return out;
}
