import type { Clock } from "../../domain/clock.js";
import type { EarningsCalendarProvider, EarningsRow } from "../../providers/feeds/port.js";
import { FEED_POLICIES } from "./feed-policies.js";
import type { Served, SnapshotCache } from "./snapshot-cache.js";

const HOUR_MS = 3_600_000;

export interface EarningsDay {
  date: string;
  rows: EarningsRow[];
}

/** Today's list still moves (1 h), a future day a little (6 h), a past day hardly (24 h): data-sources.md §4.4. */
function ttlFor(date: string, today: string): number {
  if (date === today) return HOUR_MS;
  return date > today ? 6 * HOUR_MS : 24 * HOUR_MS;
}

/** Nasdaq's earnings calendar for one date, stored per date. */
export class EarningsCalendarService {
  constructor(
    private readonly provider: EarningsCalendarProvider,
    private readonly cache: SnapshotCache,
    private readonly clock: Clock,
  ) {}

  /** `date` defaults to today in UTC. */
  async onDate(date: string | undefined): Promise<Served<EarningsDay>> {
    const today = new Date(this.clock.nowMs()).toISOString().slice(0, 10);
    const day = date ?? today;
    const served = await this.cache.get(FEED_POLICIES.earningsCalendar, day, () => this.provider.onDate(day), ttlFor(day, today));
    return { ...served, value: { date: day, rows: served.value } };
  }
}
