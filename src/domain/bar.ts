import { z } from "zod";

export const TimeframeSchema = z.enum(["1d", "1h", "30m", "15m"]);
export type Timeframe = z.infer<typeof TimeframeSchema>;

/** One calendar day in milliseconds: the one constant every layer but core uses (core takes it as a parameter). */
export const DAY_MS = 86_400_000;

/** Bar length in milliseconds, used for gap detection and cache keys. */
export const TIMEFRAME_MS: Record<Timeframe, number> = {
  "1d": DAY_MS,
  "1h": 3_600_000,
  "30m": 1_800_000,
  "15m": 900_000,
};

/**
 * One OHLC bar. `tsMs` is the UTC epoch ms of the bar's start; for daily bars it is midnight UTC of the
 * exchange-local trading date, so a daily bar's date string is simply its UTC date.
 */
export interface Bar {
  tsMs: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number | null;
}

/** Bars of one resolved symbol and timeframe, ascending by time, with where they came from. */
export interface BarSeries {
  symbol: string;
  timeframe: Timeframe;
  bars: Bar[];
  /** True when the bars were served from the local store because the upstream could not be reached. */
  cached: boolean;
}

/** `YYYY-MM-DD` for daily bars, ISO-8601 UTC (`2025-01-02T14:30:00Z`) for intraday bars. */
export function formatBarTime(tsMs: number, timeframe: Timeframe): string {
  if (timeframe === "1d") return formatUtcDate(tsMs);
  return `${new Date(tsMs).toISOString().slice(0, 19)}Z`;
}

const FIRST_4_DIGIT_YEAR_MS = Date.UTC(1000, 0, 1);
const FIRST_5_DIGIT_YEAR_MS = Date.UTC(10000, 0, 1);

/** Days 1900-01-01 to 2099-12-31 keep their formatted date once asked for: at most 73,049 short strings (~3 MB). */
const REMEMBERED_FROM_DAY = Date.UTC(1900, 0, 1) / DAY_MS;
const REMEMBERED_DAYS = (Date.UTC(2100, 0, 1) - Date.UTC(1900, 0, 1)) / DAY_MS;
const rememberedDates: (string | undefined)[] = new Array<string | undefined>(REMEMBERED_DAYS);

/**
 * The UTC calendar date of an instant as `YYYY-MM-DD`, as `toISOString().slice(0, 10)` gives it. Responses carry
 * a date for every bar of every analog, thousands per call, formatted on the event loop, and the same few
 * thousand trading days recur across series and calls: so each day of 1900-2099 is formatted once and
 * remembered. Formatting is integer arithmetic (the proleptic Gregorian civil-from-days conversion) rather than a
 * Date object per call; years outside 1000-9999 (which ISO writes differently) go through Date.
 */
export function formatUtcDate(tsMs: number): string {
  const slot = Math.floor(tsMs / DAY_MS) - REMEMBERED_FROM_DAY;
  if (slot >= 0 && slot < REMEMBERED_DAYS) return (rememberedDates[slot] ??= civilDate(tsMs));
  return civilDate(tsMs);
}

function civilDate(tsMs: number): string {
  if (!(tsMs >= FIRST_4_DIGIT_YEAR_MS && tsMs < FIRST_5_DIGIT_YEAR_MS)) return new Date(tsMs).toISOString().slice(0, 10);
  // Days since 0000-03-01, so leap days fall at the end of each 4/100/400-year cycle.
  const z = Math.floor(tsMs / DAY_MS) + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${month < 10 ? "0" : ""}${month}-${day < 10 ? "0" : ""}${day}`;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Parses `YYYY-MM-DD` as midnight UTC; returns NaN for anything that is not a real calendar date. */
export function parseIsoDate(text: string): number {
  if (!DATE_RE.test(text)) return Number.NaN;
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(ms)) return Number.NaN;
  return new Date(ms).toISOString().slice(0, 10) === text ? ms : Number.NaN;
}
