import { AppError } from "../../domain/app-error.js";
import type { Clock } from "../../domain/clock.js";
import type { TrendItem, TrendsProvider } from "../../providers/feeds/port.js";
import { FEED_POLICIES } from "./feed-policies.js";
import type { SnapshotCache } from "./snapshot-cache.js";
import { DAY_MS } from "../../domain/bar.js";
import { TREND_GEOS, type TrendPeriod } from "../../domain/feed-vocabulary.js";


export interface TrendsAnswer {
  period: TrendPeriod;
  geo: string;
  trends: TrendItem[];
  source: string;
  note?: string;
  fetchedAtMs: number;
  cached: boolean;
}

const SOURCE = "google_trends_rss";

/** "20K+" -> 20000, "1M+" -> 1000000; only for ranking, the published text is what we serve. */
export function trafficValue(traffic: string): number {
  const m = /^([\d.,]+)\s*([KM]?)/i.exec(traffic.trim());
  if (!m) return 0;
  const base = Number(m[1]!.replace(/,/g, ""));
  const scale = m[2]!.toUpperCase() === "M" ? 1e6 : m[2]!.toUpperCase() === "K" ? 1e3 : 1;
  return Number.isFinite(base) ? base * scale : 0;
}

/**
 * One entry per query (case-insensitive) across snapshots, keeping the highest published traffic and the
 * latest pub_date; ranked by traffic, then by how many snapshots saw it.
 */
export function aggregateTrends(snapshots: TrendItem[][]): TrendItem[] {
  const byQuery = new Map<string, { item: TrendItem; seen: number }>();
  for (const items of snapshots) {
    for (const item of items) {
      const key = item.query.toLowerCase();
      const prior = byQuery.get(key);
      if (prior === undefined) {
        byQuery.set(key, { item, seen: 1 });
        continue;
      }
      prior.seen += 1;
      if (trafficValue(item.traffic) > trafficValue(prior.item.traffic)) prior.item = { ...item, pub_date: latest(prior.item.pub_date, item.pub_date) };
      else prior.item = { ...prior.item, pub_date: latest(prior.item.pub_date, item.pub_date) };
    }
  }
  return [...byQuery.values()]
    .sort((a, b) => trafficValue(b.item.traffic) - trafficValue(a.item.traffic) || b.seen - a.seen || a.item.query.localeCompare(b.item.query))
    .map((e) => e.item);
}

function latest(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}

/**
 * Google Trends. A country's `daily` is its live trending feed (stored every 30 minutes). There is no public
 * weekly, yearly or worldwide feed: `weekly` (7 days), `monthly` (since 1 January, the spec's "top searches
 * this year") and `WORLDWIDE` are aggregates of the daily snapshots we stored, and `note` says exactly that.
 */
export class TrendsService {
  constructor(
    private readonly provider: TrendsProvider,
    private readonly cache: SnapshotCache,
    private readonly clock: Clock,
  ) {}

  /** One country's daily feed through the store (also the scheduled job's work). */
  daily(geo: string) {
    return this.cache.get(FEED_POLICIES.trends, geo, () => this.provider.daily(geo));
  }

  async trends(period: TrendPeriod, geo: string): Promise<TrendsAnswer> {
    if (period === "daily" && geo !== "WORLDWIDE") {
      const served = await this.daily(geo);
      return { period, geo, trends: served.value, source: SOURCE, fetchedAtMs: served.fetchedAtMs, cached: served.cached };
    }
    const nowMs = this.clock.nowMs();
    const fromMs = period === "daily" ? nowMs - DAY_MS : period === "weekly" ? nowMs - 7 * DAY_MS : Date.UTC(new Date(nowMs).getUTCFullYear(), 0, 1);
    const geos = geo === "WORLDWIDE" ? new Set<string>(TREND_GEOS) : new Set([geo]);
    let stored = (await this.cache.history<TrendItem[]>(FEED_POLICIES.trends.source, fromMs, nowMs + 1)).filter((s) => geos.has(s.key));
    // Worldwide "today" is each country's newest list of the last 24 hours, not every list of the day.
    if (period === "daily") stored = [...new Map(stored.map((s) => [s.key, s])).values()];
    const span = `${new Date(fromMs).toISOString().slice(0, 10)} to ${new Date(nowMs).toISOString().slice(0, 10)}`;
    const where = geo === "WORLDWIDE" ? `the fixed set of countries ${TREND_GEOS.join(", ")}` : geo;
    if (stored.length === 0) {
      const message =
        `No daily Google Trends snapshots of ${where} are stored for ${span}; ${period} trends are computed only from stored daily snapshots, ` +
        "which the trends-snapshots job records every 30 minutes while the service runs. Retry later.";
      throw new AppError("UPSTREAM_UNAVAILABLE", message, { retryAfterSeconds: 1800, publicHint: message });
    }
    const countries = new Set(stored.map((s) => s.key));
    const note =
      `Google publishes no ${period === "daily" ? "worldwide" : period} feed: this is the union of ${stored.length} stored daily snapshot(s) ` +
      `of ${where} (${countries.size} with data) fetched ${span}, one entry per query with its highest published traffic.`;
    return {
      period,
      geo,
      trends: aggregateTrends(stored.map((s) => s.value)),
      source: `${SOURCE} (stored daily snapshots)`,
      note,
      fetchedAtMs: Math.max(...stored.map((s) => s.fetchedAtMs)),
      cached: true,
    };
  }
}
