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
  const iso = new Date(tsMs).toISOString();
  return timeframe === "1d" ? iso.slice(0, 10) : `${iso.slice(0, 19)}Z`;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Parses `YYYY-MM-DD` as midnight UTC; returns NaN for anything that is not a real calendar date. */
export function parseIsoDate(text: string): number {
  if (!DATE_RE.test(text)) return Number.NaN;
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(ms)) return Number.NaN;
  return new Date(ms).toISOString().slice(0, 10) === text ? ms : Number.NaN;
}
