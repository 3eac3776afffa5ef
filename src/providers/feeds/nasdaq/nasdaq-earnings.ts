import { z } from "zod";
import { AppError } from "../../../domain/app-error.js";
import type { HttpClient } from "../../http/http-client.js";
import { BROWSER_USER_AGENT, type FeedClientDeps, feedHttpClient, getJsonFeed, parseMapped } from "../feed-http.js";
import type { EarningsCalendarProvider, EarningsRow } from "../port.js";
import { parseCount, parseMoney, parseUsDate } from "./nasdaq-values.js";
import { ownValue } from "../../../domain/own-value.js";

const UPSTREAM = "Nasdaq earnings calendar";
export const NASDAQ_EARNINGS_URL = "https://api.nasdaq.com/api/calendar/earnings";

const text = z.string().nullable().optional();
const RowSchema = z.object({
  symbol: z.string().min(1),
  name: text,
  time: text,
  marketCap: text,
  fiscalQuarterEnding: text,
  epsForecast: text,
  noOfEsts: text,
  lastYearRptDt: text,
  lastYearEPS: text,
  eps: text,
  surprise: text,
});
const CalendarSchema = z.object({
  data: z.object({ asOf: z.string().nullable().optional(), rows: z.array(RowSchema).nullable() }).nullable(),
  status: z.object({ rCode: z.number() }).optional(),
});

const TIMES: Record<string, EarningsRow["time"]> = {
  "time-pre-market": "pre-market",
  "time-after-hours": "after-hours",
};

/** Nasdaq's body -> rows; `rows: null` (weekend, holiday) is a valid empty day. */
export function mapNasdaqEarnings(body: unknown): EarningsRow[] {
  const parsed = parseMapped(UPSTREAM, CalendarSchema, body);
  if (parsed.status !== undefined && parsed.status.rCode !== 200) {
    throw new AppError("UPSTREAM_UNAVAILABLE", `${UPSTREAM} answered status code ${parsed.status.rCode}`, { retryAfterSeconds: 60 });
  }
  return (parsed.data?.rows ?? []).map((r) => ({
    symbol: r.symbol.trim(),
    name: r.name?.trim() || null,
    time: ownValue(TIMES, r.time ?? "") ?? "not-supplied",
    eps_forecast: parseMoney(r.epsForecast),
    num_estimates: parseCount(r.noOfEsts),
    market_cap: parseMoney(r.marketCap),
    fiscal_quarter_ending: r.fiscalQuarterEnding?.trim() || null,
    last_year_eps: parseMoney(r.lastYearEPS),
    last_year_report_date: parseUsDate(r.lastYearRptDt),
    eps: parseMoney(r.eps),
    surprise_pct: parseMoney(r.surprise),
  }));
}

/** api.nasdaq.com refuses or stalls requests without browser headers from nasdaq.com. */
export class NasdaqEarningsProvider implements EarningsCalendarProvider {
  private readonly http: HttpClient;

  constructor(deps: FeedClientDeps = {}) {
    this.http = feedHttpClient(UPSTREAM, deps, { timeoutMs: 15_000, maxRetries: 1 });
  }

  async onDate(date: string): Promise<EarningsRow[]> {
    const body = await getJsonFeed(this.http, UPSTREAM, `${NASDAQ_EARNINGS_URL}?date=${date}`, {
      "User-Agent": BROWSER_USER_AGENT,
      Accept: "application/json, text/plain, */*",
      Origin: "https://www.nasdaq.com",
      Referer: "https://www.nasdaq.com/",
    });
    return mapNasdaqEarnings(body);
  }
}
