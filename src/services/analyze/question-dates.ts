/**
 * Dates in a question: named market events ("March 2020", "the covid crash") as windows, explicit ISO dates,
 * "Month YYYY", relative spans ("the last 30 days", "since 2024-10-01", "this year"), single days ("tomorrow")
 * and forward horizons ("in 30 days", "over the next 2 weeks"). Pure: `today` is passed in.
 */
import { ownValue } from "../../domain/own-value.js";

/** A price window, `end` exclusive (the convention of /get_patterns and /forward_distribution). */
export interface QuestionWindow {
  start: string;
  end: string;
  /** The words it came from, e.g. "March 2020 (the covid crash: 2020-02-19 to the 2020-03-23 low)". */
  basis: string;
  /** Counted back from today: the service moves it to end at the series' last bar when the data ends earlier. */
  relative: boolean;
}

interface NamedEvent {
  re: RegExp;
  start: string;
  end: string;
  label: string;
}

/** Well-known drawdowns and shocks, as the window from the peak before to the trough (end exclusive). */
const NAMED_EVENTS: readonly NamedEvent[] = [
  { re: /\b(march 2020|covid(-19)?( crash| sell-?off)?|corona\w*|pandemic (crash|sell-?off))\b/i, start: "2020-02-19", end: "2020-03-24", label: "the covid crash: 2020-02-19 peak to the 2020-03-23 low" },
  { re: /(?<![-\d])2008(?![-\d])|\b(lehman|gfc|(great )?financial crisis)\b/i, start: "2008-09-02", end: "2008-11-21", label: "the 2008 crisis: September 2008 to the November 20 low" },
  { re: /\b(dot-?com|tech bubble|2000 crash)\b/i, start: "2000-03-10", end: "2000-04-15", label: "the dot-com peak and first leg down, March to April 2000" },
  { re: /\b(2022 (bear market|sell-?off|drawdown)|bear market of 2022)\b/i, start: "2022-01-03", end: "2022-06-17", label: "the 2022 bear market's first half, January 3 to the June 16 low" },
  { re: /\b(yen carry( trade)?( unwind)?|august 2024 (crash|sell-?off|drop))\b/i, start: "2024-07-16", end: "2024-08-06", label: "the yen-carry unwind, 2024-07-16 to the 2024-08-05 low" },
  { re: /\b(volmageddon|february 2018)\b/i, start: "2018-01-26", end: "2018-02-09", label: "Volmageddon, 2018-01-26 peak to the 2018-02-08 low" },
  { re: /\b(december 2018|christmas eve (crash|low))\b/i, start: "2018-10-03", end: "2018-12-25", label: "the late-2018 sell-off, October 3 to the December 24 low" },
  { re: /\bbrexit\b/i, start: "2016-06-17", end: "2016-06-28", label: "the Brexit vote, 2016-06-17 to the 2016-06-27 low" },
  { re: /\bflash crash\b/i, start: "2010-04-23", end: "2010-05-08", label: "the 2010 flash crash, April 23 to May 7" },
  { re: /\b(april 2025|liberation day|tariff (crash|sell-?off|shock))\b/i, start: "2025-03-26", end: "2025-04-09", label: "the April 2025 tariff shock, 2025-03-26 to the 2025-04-08 low" },
  { re: /\b(svb|silicon valley bank|march 2023)\b/i, start: "2023-03-06", end: "2023-03-14", label: "the SVB failure, 2023-03-06 to 2023-03-13" },
  { re: /\bftx\b/i, start: "2022-11-02", end: "2022-11-10", label: "the FTX collapse, 2022-11-02 to 2022-11-09" },
  { re: /\b(black monday|october 1987|1987 crash)\b/i, start: "1987-10-12", end: "1987-10-20", label: "Black Monday, 1987-10-12 to 1987-10-19" },
];

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const DAY_MS = 86_400_000;

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => iso(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
const validIso = (day: string) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && iso(Date.parse(`${day}T00:00:00Z`)) === day;

const UNIT_DAYS: Readonly<Record<string, number>> = { day: 1, week: 7, month: 30, year: 365 };
const NUMBER_WORDS: Readonly<Record<string, number>> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, ten: 10, twelve: 12 };
const COUNT = "(\\d+|a|an|one|two|three|four|five|six|ten|twelve)";
const count = (word: string) => (/^\d+$/.test(word) ? Number(word) : (ownValue(NUMBER_WORDS, word.toLowerCase()) ?? 1));

/** The window a question names, first found in this order: a named event, two ISO dates, "since <date>", "Month YYYY", "the last N units". */
export function findWindow(question: string, today: string): QuestionWindow | null {
  for (const event of NAMED_EVENTS) {
    const m = event.re.exec(question);
    if (m !== null) return { start: event.start, end: event.end, basis: `"${m[0]}" read as ${event.label}`, relative: false };
  }
  const dates = [...question.matchAll(ISO_DATE)].map((m) => m[0]).filter(validIso);
  if (dates.length >= 2) {
    const [a, b] = [dates[0], dates[1]].sort();
    return { start: a, end: b, basis: `the dates ${a} to ${b} (end exclusive)`, relative: false };
  }
  const since = /\bsince\s+(\d{4}-\d{2}-\d{2})\b/i.exec(question);
  if (since !== null && validIso(since[1])) return { start: since[1], end: addDays(today, 1), basis: `since ${since[1]}`, relative: true };
  const monthYear = new RegExp(`\\b(${MONTHS.join("|")})\\s+(\\d{4})\\b`, "i").exec(question);
  if (monthYear !== null) {
    const month = MONTHS.indexOf(monthYear[1].toLowerCase());
    const year = Number(monthYear[2]);
    const start = iso(Date.UTC(year, month, 1));
    return { start, end: iso(Date.UTC(year, month + 1, 1)), basis: `"${monthYear[0]}" read as that calendar month`, relative: false };
  }
  const last = new RegExp(`\\b(?:last|past|previous|recent)\\s+${COUNT}\\s+(day|week|month|year)s?\\b`, "i").exec(question);
  if (last !== null) {
    const days = count(last[1]) * (ownValue(UNIT_DAYS, last[2].toLowerCase()) ?? 1);
    return { start: addDays(today, 1 - days), end: addDays(today, 1), basis: `"${last[0]}" read as the last ${days} calendar days`, relative: true };
  }
  if (/\b(this year|year to date|ytd)\b/i.test(question)) return { start: `${today.slice(0, 4)}-01-01`, end: addDays(today, 1), basis: "this year, from January 1", relative: true };
  return null;
}

/** A single day the question names (an earnings-calendar date): an ISO date, today, tomorrow or yesterday. */
export function findDay(question: string, today: string): string | null {
  const dates = [...question.matchAll(ISO_DATE)].map((m) => m[0]).filter(validIso);
  if (dates.length === 1) return dates[0];
  if (/\btomorrow\b/i.test(question)) return addDays(today, 1);
  if (/\byesterday\b/i.test(question)) return addDays(today, -1);
  if (/\btoday\b/i.test(question)) return today;
  return null;
}

/**
 * A forward horizon in calendar days: "in 30 days", "over the next 2 weeks", "next month", "a month later".
 * Spans that measure a move ("fell 10% in 5 days") are read by the move rule, not here.
 */
export function findHorizonDays(question: string): number | null {
  const m =
    new RegExp(`\\b(?:in|over|within|for|during)\\s+(?:the\\s+)?(?:next|following|coming)\\s+${COUNT}?\\s*(day|week|month|year)s?\\b`, "i").exec(question) ??
    new RegExp(`\\b(?:next|following|coming)\\s+${COUNT}?\\s*(day|week|month|year)s?\\b`, "i").exec(question) ??
    new RegExp(`\\b(?:in|after|within)\\s+${COUNT}\\s+(day|week|month|year)s?\\b`, "i").exec(question) ??
    new RegExp(`\\b${COUNT}\\s+(day|week|month|year)s?\\s+(?:later|after|out|ahead|forward)\\b`, "i").exec(question) ??
    new RegExp(`\\b(?:over|for)\\s+${COUNT}\\s+(day|week|month|year)s?\\b`, "i").exec(question);
  if (m === null) return null;
  return count(m[1] ?? "1") * (ownValue(UNIT_DAYS, m[2].toLowerCase()) ?? 1);
}

/** The length of a move in trading bars: "in 5 days", "over 2 weeks", "in a month" (5 bars a week, 21 a month). */
export function findMoveBars(question: string): number | null {
  const m = new RegExp(`\\b(?:in|over|within)\\s+(?:the\\s+(?:last|past)\\s+)?${COUNT}\\s+(?:trading\\s+)?(day|week|month)s?\\b`, "i").exec(question);
  if (m === null) return null;
  return count(m[1]) * ({ day: 1, week: 5, month: 21 } as const)[m[2].toLowerCase() as "day" | "week" | "month"];
}
