import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { ForexFactoryCalendarProvider, mapForexFactoryWeek } from "../../src/providers/feeds/forexfactory/forexfactory-calendar.js";
import { offlineProvider } from "../../src/providers/feeds/offline/offline-feeds.js";
import type { EconomicCalendarProvider } from "../../src/providers/feeds/port.js";
import { EconomicCalendarService } from "../../src/services/feeds/economic-calendar-service.js";
import { SnapshotCache } from "../../src/services/feeds/snapshot-cache.js";
import { createDatabase, type Database } from "../../src/storage/create-database.js";
import { FeedSnapshots } from "../../src/storage/repos/feed-snapshots.js";
import { appError } from "../support/caught-app-error.js";
import { FakeClock } from "../support/fake-clock.js";
import { describeWithShared } from "../support/replay-fetch.js";
import { SHARED_DIR } from "../support/shared-paths.js";
import { feedFetch, itHandlesTransportFailures } from "./feed-failure-modes.js";

const week = (start: string) => readFileSync(path.join(SHARED_DIR, `fixtures/forexfactory/ff_calendar_thisweek.week-of-${start}.json`), "utf8");
const FF = /nfs\.faireconomy\.media\/ff_calendar_thisweek\.json$/;
const silent = { warn: () => undefined };

describeWithShared("ForexFactory calendar adapter (recorded weeks)", () => {
  it("maps a recorded week to UTC events, oldest first, keeping published strings", async () => {
    const fetch = feedFetch(FF, () => new Response(week("2026-08-16")));
    const events = await new ForexFactoryCalendarProvider({ fetch }).thisWeek();
    expect(events).toHaveLength(100);
    expect(events[0]).toEqual({
      title: "BusinessNZ Services Index",
      currency: "NZD",
      date: "2026-08-16T22:30:00.000Z",
      importance: "low",
      forecast: null,
      previous: "50.6",
    });
    expect(events.filter((e) => e.importance === "high")).toHaveLength(8);
    expect(events.map((e) => e.date)).toEqual([...events.map((e) => e.date)].sort());
  });

  it("keeps ForexFactory's Holiday entries as their own importance level", () => {
    const events = mapForexFactoryWeek(JSON.parse(week("2022-08-14")));
    expect(events.filter((e) => e.importance === "holiday")).toHaveLength(2);
  });

  it("reports an impact level it does not know as schema drift", async () => {
    const body = JSON.parse(week("2026-08-16")) as Array<Record<string, unknown>>;
    body[5]!.impact = "Severe";
    const error = await appError(new ForexFactoryCalendarProvider({ fetch: feedFetch(FF, () => new Response(JSON.stringify(body))) }).thisWeek());
    expect(error.code).toBe("UPSTREAM_SCHEMA_CHANGED");
    expect(error.message).toMatch(/5\.impact/);
  });

  itHandlesTransportFailures(FF, (deps) => new ForexFactoryCalendarProvider(deps).thisWeek());
});

describeWithShared("economic calendar periods over stored weekly snapshots", () => {
  let database: Database;
  let cache: SnapshotCache;
  let clock: FakeClock;
  const recordWeek = (start: string, fetchedIso: string) =>
    cache.record("forexfactory-week", "thisweek", Date.parse(fetchedIso), mapForexFactoryWeek(JSON.parse(week(start))));
  beforeEach(async () => {
    database = await createDatabase({ kind: "sqlite", file: ":memory:" });
    clock = new FakeClock(Date.parse("2026-08-21T12:00:00Z"));
    cache = new SnapshotCache(new FeedSnapshots(database.db), clock, silent);
    await recordWeek("2026-07-26", "2026-08-01T00:00:00Z");
    await recordWeek("2026-08-02", "2026-08-07T00:00:00Z");
    await recordWeek("2026-08-09", "2026-08-14T00:00:00Z");
    await recordWeek("2026-08-16", "2026-08-21T00:00:00Z");
  });
  afterEach(async () => {
    await database.close();
  });
  const service = (provider: EconomicCalendarProvider = offlineProvider()) => new EconomicCalendarService(provider, cache, clock);
  const all = { currencies: ["USD", "EUR", "GBP", "JPY", "CAD", "AUD", "NZD", "CNY", "CHF", "ALL"], importance: ["high", "medium", "low", "holiday"] as const };

  it("today is the UTC day, filtered by currency and importance", async () => {
    const served = await service().events({ period: "today", currencies: ["USD"], importance: ["high", "medium", "low"] });
    expect(served.value.dateFrom).toBe("2026-08-21");
    expect(served.value.dateTo).toBe("2026-08-21");
    expect(served.value.events.length).toBeGreaterThan(0);
    for (const e of served.value.events) {
      expect(e.date.slice(0, 10)).toBe("2026-08-21");
      expect(e.currency).toBe("USD");
    }
    expect(served.cached).toBe(true);
  });

  it("this_month is the union of every stored week inside the month, and note says so", async () => {
    const served = await service().events({ period: "this_month", currencies: [...all.currencies], importance: [...all.importance] });
    const { dateFrom, dateTo, events, note } = served.value;
    expect([dateFrom, dateTo]).toEqual(["2026-08-01", "2026-08-31"]);
    const inAugust = ["2026-07-26", "2026-08-02", "2026-08-09", "2026-08-16"]
      .flatMap((w) => mapForexFactoryWeek(JSON.parse(week(w))))
      .filter((e) => e.date.startsWith("2026-08"));
    expect(events.length).toBe(new Set(inAugust.map((e) => `${e.date}|${e.currency}|${e.title}`)).size);
    expect(note).toMatch(/union of 4 stored weekly snapshot/);
    expect(note).toMatch(/days outside that span are not covered/);
  });

  it("next_week states that nothing stored covers it instead of inventing events", async () => {
    const served = await service().events({ period: "next_week", currencies: ["USD"], importance: ["high"] });
    expect(served.value).toMatchObject({ dateFrom: "2026-08-23", dateTo: "2026-08-29", events: [] });
    expect(served.value.note).toMatch(/does not mean there are none/);
  });
});
