import type { Clock } from "../../domain/clock.js";
import type { EconImportance, EconPeriod } from "../../domain/feed-vocabulary.js";
import type { EconEvent, EconomicCalendarProvider } from "../../providers/feeds/port.js";
import { ECON_WEEK_KEY, FEED_POLICIES } from "./feed-policies.js";
import type { Served, SnapshotCache } from "./snapshot-cache.js";
import { DAY_MS } from "../../domain/bar.js";


export interface EconQuery {
  period: EconPeriod;
  currencies: string[];
  importance: EconImportance[];
}

export interface EconAnswer {
  period: EconPeriod;
  /** UTC dates, both inclusive. */
  dateFrom: string;
  dateTo: string;
  events: EconEvent[];
  /** Says what the answer covers when that is less than the period (stored snapshots, a stale week). */
  note?: string;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
/** Sunday 00:00 UTC of the week containing `ms` (ForexFactory's weeks run Sunday to Saturday). */
const startOfWeek = (ms: number) => startOfDay(ms) - new Date(ms).getUTCDay() * DAY_MS;

/**
 * ForexFactory's economic calendar. `today`, `tomorrow` and `this_week` read the current-week feed (stored
 * hourly); `this_week` is the week the served feed was fetched in, so a stale snapshot shows its own week.
 * `next_week` and `this_month` have no feed: they are the union of every stored weekly snapshot, and `note`
 * says which days that covers.
 */
export class EconomicCalendarService {
  constructor(
    private readonly provider: EconomicCalendarProvider,
    private readonly cache: SnapshotCache,
    private readonly clock: Clock,
  ) {}

  /** The current week's feed through the store (also the scheduled job's work). */
  thisWeek(): Promise<Served<EconEvent[]>> {
    return this.cache.get(FEED_POLICIES.economicCalendar, ECON_WEEK_KEY, () => this.provider.thisWeek());
  }

  async events(query: EconQuery): Promise<Served<EconAnswer>> {
    const served = await this.thisWeek();
    const nowMs = this.clock.nowMs();
    const [fromMs, toMs] = this.range(query.period, nowMs, served.fetchedAtMs);
    let pool = served.value;
    let note: string | undefined;
    if (query.period === "next_week" || query.period === "this_month") {
      const stored = await this.cache.history<EconEvent[]>(FEED_POLICIES.economicCalendar.source, fromMs - 7 * DAY_MS, nowMs + 1);
      pool = unionByEvent([...stored.map((s) => s.value), served.value]);
      const covered = pool.filter((e) => inRange(e, fromMs, toMs));
      note =
        `ForexFactory publishes only the current week; ${query.period} is the union of ${stored.length} stored weekly snapshot(s)` +
        (covered.length === 0
          ? " and none of them lists an event in this range, which does not mean there are none."
          : `, which list events from ${covered[0]!.date.slice(0, 10)} to ${covered.at(-1)!.date.slice(0, 10)} of this range; days outside that span are not covered.`);
    } else if (served.stale) {
      note = `ForexFactory was unreachable: served from the snapshot fetched at ${new Date(served.fetchedAtMs).toISOString()}.`;
    }
    const currencies = new Set(query.currencies);
    const importance = new Set(query.importance);
    const events = pool.filter((e) => inRange(e, fromMs, toMs) && currencies.has(e.currency) && importance.has(e.importance));
    const value: EconAnswer = { period: query.period, dateFrom: day(fromMs), dateTo: day(toMs - 1), events, ...(note === undefined ? {} : { note }) };
    return { ...served, value };
  }

  /** [from, to) in epoch ms for a period. */
  private range(period: EconPeriod, nowMs: number, fetchedAtMs: number): [number, number] {
    const today = startOfDay(nowMs);
    switch (period) {
      case "today":
        return [today, today + DAY_MS];
      case "tomorrow":
        return [today + DAY_MS, today + 2 * DAY_MS];
      case "this_week":
        return [startOfWeek(fetchedAtMs), startOfWeek(fetchedAtMs) + 7 * DAY_MS];
      case "next_week":
        return [startOfWeek(nowMs) + 7 * DAY_MS, startOfWeek(nowMs) + 14 * DAY_MS];
      case "this_month": {
        const d = new Date(nowMs);
        return [Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)];
      }
    }
  }
}

function inRange(e: EconEvent, fromMs: number, toMs: number): boolean {
  const ms = Date.parse(e.date);
  return ms >= fromMs && ms < toMs;
}

/** One event per (time, currency, title); a later snapshot's version wins (its forecast may be revised). */
function unionByEvent(snapshots: EconEvent[][]): EconEvent[] {
  const byKey = new Map<string, EconEvent>();
  for (const events of snapshots) for (const e of events) byKey.set(`${e.date}|${e.currency}|${e.title}`, e);
  return [...byKey.values()].sort((a, b) => a.date.localeCompare(b.date));
}
