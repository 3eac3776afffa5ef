import { dailyBriefContract } from "../../../contracts/feeds/daily-brief.js";
import type { Mover } from "../../../providers/prices/port.js";
import type { DailyBriefService, Section } from "../../../services/feeds/daily-brief-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

function wire<T, W>(s: Section<T>, toData: (value: T) => W) {
  if (s.status === "ok") {
    return { status: "ok" as const, data: toData(s.value), fetched_at: new Date(s.fetchedAtMs).toISOString(), cached: s.cached, error: null };
  }
  return { status: "unavailable" as const, data: null, fetched_at: null, cached: null, error: s.error };
}

const mover = (m: Mover) => ({ symbol: m.symbol, name: m.name, price: m.price, change_pct: m.changePct, volume: m.volume, market_cap: m.marketCap });

export function dailyBriefRoute(brief: DailyBriefService, nowMs: () => number): RouteModule {
  return operationRoute(dailyBriefContract, async () => {
    const b = await brief.brief();
    const sections = [b.fearGreed, b.movers, b.earnings, b.events];
    return {
      date: new Date(nowMs()).toISOString().slice(0, 10),
      sections_served: sections.filter((s) => s.status === "ok").length,
      fear_greed: wire(b.fearGreed, (f) => ({
        score: f.score,
        rating: f.rating,
        timestamp: f.timestamp,
        previous_week: f.previous_week,
        previous_month: f.previous_month,
        previous_year: f.previous_year,
      })),
      top_movers: wire(b.movers, (m) => ({ gainers: m.gainers.map(mover), losers: m.losers.map(mover) })),
      earnings: wire(b.earnings, (e) => ({ date: e.date, count: e.rows.length, earnings: e.rows })),
      economic_events: wire(b.events, (e) => ({ date_from: e.dateFrom, date_to: e.dateTo, count: e.events.length, events: e.events })),
    };
  });
}
