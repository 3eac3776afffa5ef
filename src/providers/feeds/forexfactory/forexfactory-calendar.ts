import { z } from "zod";
import type { HttpClient } from "../../http/http-client.js";
import { BROWSER_USER_AGENT, type FeedClientDeps, feedHttpClient, getJsonFeed, parseMapped } from "../feed-http.js";
import { ECON_IMPORTANCE } from "../../../domain/feed-vocabulary.js";
import type { EconEvent, EconomicCalendarProvider } from "../port.js";

const UPSTREAM = "ForexFactory calendar";
export const FOREXFACTORY_THIS_WEEK_URL = "https://nfs.faireconomy.media/ff_calendar_thisweek.json";

const EventSchema = z.object({
  title: z.string(),
  country: z.string().min(1),
  date: z.string().refine((v) => !Number.isNaN(Date.parse(v)), "must be an ISO date-time"),
  impact: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(ECON_IMPORTANCE)),
  forecast: z.string().nullable().optional(),
  previous: z.string().nullable().optional(),
});
const WeekSchema = z.array(EventSchema);

/** The thisweek feed -> events in UTC, oldest first; shared by the live adapter and the importer. */
export function mapForexFactoryWeek(body: unknown): EconEvent[] {
  return parseMapped(UPSTREAM, WeekSchema, body)
    .map((e) => ({
      title: e.title.trim(),
      currency: e.country.trim().toUpperCase(),
      date: new Date(Date.parse(e.date)).toISOString(),
      importance: e.impact,
      forecast: e.forecast?.trim() || null,
      previous: e.previous?.trim() || null,
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** faireconomy's mirror of ForexFactory; it rate-limits per IP, so the store keeps it to about one fetch an hour. */
export class ForexFactoryCalendarProvider implements EconomicCalendarProvider {
  private readonly http: HttpClient;

  constructor(deps: FeedClientDeps = {}) {
    this.http = feedHttpClient(UPSTREAM, deps, { timeoutMs: 15_000, maxRetries: 1 });
  }

  async thisWeek(): Promise<EconEvent[]> {
    return mapForexFactoryWeek(await getJsonFeed(this.http, UPSTREAM, FOREXFACTORY_THIS_WEEK_URL, { "User-Agent": BROWSER_USER_AGENT, Accept: "application/json" }));
  }
}
