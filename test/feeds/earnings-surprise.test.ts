import fs from "node:fs";
import path from "node:path";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { earningsReaction, summarizeEarnings, typicalAbsDailyMove, type DailyClose } from "../../src/analytics/earnings-reaction.js";
import { backfillCandidates, earningsCalendarBackfillJob, BACKFILL_DAYS_PER_RUN } from "../../src/jobs/earnings-calendar-backfill.js";
import type { EarningsRow } from "../../src/providers/feeds/port.js";
import { YahooEarningsHistoryProvider } from "../../src/providers/feeds/yahoo/yahoo-earnings-history.js";
import { createYahooFinanceClient } from "../../src/providers/prices/yahoo/yahoo-finance-client.js";
import { fiscalMonthOf, reportDatesFrom } from "../../src/services/feeds/earnings-report-dates.js";
import { FEED_POLICIES } from "../../src/services/feeds/feed-policies.js";
import { SnapshotCache } from "../../src/services/feeds/snapshot-cache.js";
import { FeedSnapshots } from "../../src/storage/repos/feed-snapshots.js";
import { appError } from "../support/caught-app-error.js";
import { paidRoutes } from "../support/paid-routes.js";
import { createYahooReplayFetch, describeWithShared, envelopeResponse, loadYahooEnvelope } from "../support/replay-fetch.js";
import { SHARED_DIR, SHARED_PRESENT } from "../support/shared-paths.js";

const day = (date: string, close: number): DailyClose => ({ date, close });
// Thu 1, Fri 2, Mon 5 ... a week of sessions around a Thursday report.
const WEEK = [day("2024-07-31", 100), day("2024-08-01", 102), day("2024-08-02", 99), day("2024-08-05", 97), day("2024-08-06", 98), day("2024-08-07", 101), day("2024-08-08", 103), day("2024-08-09", 104)];

describe("earnings reaction windows", () => {
  it("measures a pre-market report from the prior close to the report day's close", () => {
    const r = earningsReaction(WEEK, "2024-08-01", "pre-market")!;
    expect(r).toMatchObject({ before_date: "2024-07-31", after_date: "2024-08-01", after_5d_date: "2024-08-07" });
    expect(r.reaction_1d).toBeCloseTo(102 / 100 - 1, 12);
    expect(r.reaction_5d).toBeCloseTo(101 / 100 - 1, 12);
  });

  it("measures an after-hours report from the report day's close to the next session's", () => {
    const r = earningsReaction(WEEK, "2024-08-01", "after-hours")!;
    expect(r).toMatchObject({ before_date: "2024-08-01", after_date: "2024-08-02", after_5d_date: "2024-08-08" });
    expect(r.reaction_1d).toBeCloseTo(99 / 102 - 1, 12);
    expect(r.reaction_5d).toBeCloseTo(103 / 102 - 1, 12);
  });

  it("spans both sessions when the time is not stated, and skips a weekend", () => {
    const r = earningsReaction(WEEK, "2024-08-02", "not-supplied")!;
    expect(r).toMatchObject({ before_date: "2024-08-01", after_date: "2024-08-05", after_5d_date: "2024-08-09", sessions: 2 });
    // A report dated on a Saturday: the Friday close before, the Monday close after.
    expect(earningsReaction(WEEK, "2024-08-03", "after-hours")).toMatchObject({ before_date: "2024-08-02", after_date: "2024-08-05" });
  });

  it("leaves day 5 null until it is stored, and the whole reaction undefined outside the bars", () => {
    expect(earningsReaction(WEEK, "2024-08-06", "after-hours")).toMatchObject({ after_date: "2024-08-07", after_5d_date: null, reaction_5d: null });
    expect(earningsReaction(WEEK, "2024-07-31", "pre-market")).toBeUndefined();
    expect(earningsReaction(WEEK, "2024-08-09", "after-hours")).toBeUndefined();
  });
});

describe("earnings summary rules", () => {
  const reaction = (r1: number, r5: number | null, sessions = 1) => ({ before_date: "x", close_before: 1, after_date: "y", close_after: 1 + r1, reaction_1d: r1, sessions, after_5d_date: r5 === null ? null : "z", reaction_5d: r5 });

  it("computes beat rate, reactions by result, the volatility flag and the dip signal by their stated rules", () => {
    const s = summarizeEarnings(
      [
        { result: "beat", reaction: reaction(0.05, 0.06) },
        { result: "beat", reaction: reaction(-0.04, -0.01) },
        { result: "miss", reaction: reaction(-0.08, -0.09) },
        { result: "in-line", reaction: undefined },
        { result: null, reaction: reaction(-0.02, 0.01) },
      ],
      0.01,
    );
    expect(s.beat_rate).toMatchObject({ value: 2 / 4, n: 4 });
    expect(s.avg_reaction_on_beats.value).toBeCloseTo((0.05 - 0.04) / 2, 12);
    expect(s.avg_reaction_on_beats.n).toBe(2);
    expect(s.avg_reaction_on_misses).toMatchObject({ value: -0.08, n: 1 });
    // mean |r1| = (0.05 + 0.04 + 0.08 + 0.02) / 4 = 0.0475 >= 2 x 0.01
    expect(s.high_volatility_event).toMatchObject({ flag: true, n: 4, typical_abs_daily_move: 0.01 });
    expect(s.high_volatility_event.mean_abs_reaction).toBeCloseTo(0.0475, 12);
    // drops: -0.04 -> -0.01 (recovered), -0.08 -> -0.09 (not), -0.02 -> 0.01 (recovered): 2 of 3 >= 2/3
    expect(s.buy_the_dip).toMatchObject({ signal: true, n: 3, recovered: 2 });
    expect(summarizeEarnings([{ result: "beat", reaction: reaction(0.05, null) }], 0.03).high_volatility_event.flag).toBeNull();
    expect(summarizeEarnings([{ result: "beat", reaction: reaction(0.05, 0.01) }, { result: "beat", reaction: reaction(0.01, 0.0) }], 0.03).high_volatility_event.flag).toBe(false);
    // A two-session window (time not stated) counts as |r| / sqrt(2): 0.085 over two sessions is ~0.06, not 0.085.
    const wide = summarizeEarnings([{ result: "beat", reaction: reaction(0.085, null, 2) }, { result: "miss", reaction: reaction(-0.085, null, 2) }], 0.031);
    expect(wide.high_volatility_event.mean_abs_reaction).toBeCloseTo(0.085 / Math.SQRT2, 12);
    expect(wide.high_volatility_event.flag).toBe(false);
  });

  it("takes the typical daily move as the median absolute return of the sessions before the report", () => {
    // Returns before 2024-08-05: +2 %, -2.941 %, and nothing from the report day on.
    expect(typicalAbsDailyMove(WEEK, "2024-08-05")).toBeCloseTo((0.02 + Math.abs(99 / 102 - 1)) / 2, 12);
    expect(typicalAbsDailyMove(WEEK, "2024-07-31")).toBeNull();
  });
});

const row = (symbol: string, fiscal: string, time: EarningsRow["time"], lastYear: string | null): EarningsRow => ({
  symbol,
  name: null,
  time,
  eps_forecast: null,
  num_estimates: null,
  market_cap: null,
  fiscal_quarter_ending: fiscal,
  last_year_eps: null,
  last_year_report_date: lastYear,
  eps: null,
  surprise_pct: null,
});

describe("report dates from stored calendar days", () => {
  it("reads Nasdaq's fiscal quarter label as a month", () => {
    expect(fiscalMonthOf("Jun/2024")).toBe("2024-06");
    expect(fiscalMonthOf("Dec/2023")).toBe("2023-12");
    expect(fiscalMonthOf("2024Q2")).toBeNull();
    expect(fiscalMonthOf(null)).toBeNull();
  });

  it("prefers the company's own row, then the latest fetch, and uses last year's date for the year-earlier quarter", () => {
    const dates = reportDatesFrom(
      [
        { key: "2024-07-25", fetchedAtMs: 1, value: [row("AAPL", "Jun/2024", "pre-market", null)] }, // scheduled, later moved
        { key: "2024-08-01", fetchedAtMs: 2, value: [row("AAPL", "Jun/2024", "after-hours", "2023-08-03"), row("MSFT", "Jun/2024", "after-hours", null)] },
        { key: "2023-08-04", fetchedAtMs: 3, value: [row("aapl", "Jun/2023", "after-hours", null)] },
      ],
      ["AAPL"],
    );
    expect(dates.get("2024-06")).toMatchObject({ report_date: "2024-08-01", time: "after-hours", basis: "nasdaq-calendar" });
    // The company's own row for Jun/2023 outranks the last-year date a later row gives.
    expect(dates.get("2023-06")).toMatchObject({ report_date: "2023-08-04", basis: "nasdaq-calendar" });
    expect(reportDatesFrom([{ key: "2024-08-01", fetchedAtMs: 2, value: [row("AAPL", "Jun/2024", "after-hours", "2023-08-03")] }], ["AAPL"]).get("2023-06")).toMatchObject({
      report_date: "2023-08-03",
      time: "not-supplied",
      basis: "nasdaq-calendar-last-year",
    });
  });
});

describe("calendar backfill job", () => {
  it("lists weekdays only, newest first, fetches at most its per-run share of the days not stored, and stops at a failure", async () => {
    const candidates = backfillCandidates(Date.parse("2026-11-23T12:00:00Z"), 10); // a Monday
    expect(candidates).toEqual(["2026-11-20", "2026-11-19", "2026-11-18", "2026-11-17", "2026-11-16", "2026-11-13"]);
    const stored = new Set(["2026-11-20", "2026-11-18"]);
    const fetched: string[] = [];
    let down = true;
    const job = earningsCalendarBackfillJob({
      isStored: async (d) => stored.has(d),
      fetchDay: async (d) => {
        if (down && d === "2026-11-17") throw new Error("upstream down");
        fetched.push(d);
        stored.add(d);
      },
    });
    const run = () => job.run({ nowMs: Date.parse("2026-11-23T12:00:00Z"), signal: new AbortController().signal, logger: pino({ level: "silent" }) });
    await run();
    expect(fetched).toEqual(["2026-11-19"]); // 2026-11-20 was stored; the failure at 2026-11-17 ended the run
    down = false;
    await run();
    expect(fetched[1]).toBe("2026-11-17");
    expect(fetched).toHaveLength(1 + BACKFILL_DAYS_PER_RUN);
  });
});

const QS = (symbol: string) => new RegExp(`/v10/finance/quoteSummary/${symbol}\\?`);
type Body = { quoteSummary: { result: Array<Record<string, unknown>> } };

/** Yahoo's answer to our two-module request, assembled from its real one-module recordings. */
function priceAndHistory(symbol: string): Response {
  const result: Record<string, unknown> = {};
  for (const m of ["price", "earningsHistory"]) {
    const envelope = loadYahooEnvelope(`quoteSummary-${m}-${symbol}.json`);
    if (envelope.response.status === 200) Object.assign(result, (envelope.response.bodyJson as Body).quoteSummary.result[0]);
  }
  return new Response(JSON.stringify({ quoteSummary: { result: [result], error: null } }), { headers: { "content-type": "application/json" } });
}

function provider(symbol: string, respond: (symbol: string) => Response) {
  const replay = createYahooReplayFetch({ crumbFlow: true, routes: [{ match: QS(symbol), respond: () => respond(symbol) }] });
  const client = createYahooFinanceClient({ fetch: replay, queueIntervalMs: 0, sleep: async () => undefined, maxRetries: 1, logSink: { warn: () => undefined, error: () => undefined } });
  return { replay, history: new YahooEarningsHistoryProvider(client) };
}

describeWithShared("Yahoo earnings history adapter (recorded 2025-02-24 answers)", () => {
  it("maps AAPL's four recorded quarters, oldest first, with the surprise as a decimal", async () => {
    const { history, replay } = provider("AAPL", priceAndHistory);
    const h = await history.history("AAPL");
    expect(h.symbol).toBe("AAPL");
    expect(h.quarters.map((q) => q.fiscal_quarter_end)).toEqual(["2024-03-31", "2024-06-30", "2024-09-30", "2024-12-31"]);
    expect(h.quarters[0]).toEqual({ fiscal_quarter_end: "2024-03-31", eps_actual: 1.53, eps_estimate: 1.49923, eps_difference: 0.03, surprise: 0.020499999, currency: "USD" });
    expect(decodeURIComponent(replay.calls.find((c) => c.includes("quoteSummary"))!)).toMatch(/modules=price,earningsHistory/);
  });

  it("refuses a fund (price module only) with 422 and an unknown symbol (Yahoo's real 404) with 404", async () => {
    const fund = await appError(provider("QQQ", priceAndHistory).history.history("QQQ"));
    expect(fund.code).toBe("VALIDATION_FAILED");
    expect(fund.message).toMatch(/ETF; only companies report earnings/);
    const unknown = await appError(provider("ZZZZQ", () => envelopeResponse(loadYahooEnvelope("quoteSummary-earningsHistory-BTC-USD.json"))).history.history("ZZZZQ"));
    expect(unknown.code).toBe("UNKNOWN_TICKER");
  });

  it("reports schema drift, a 429 with its Retry-After, a 5xx and an HTML page as upstream trouble", async () => {
    const drifted = new Response(JSON.stringify({ quoteSummary: { result: [{ earningsHistory: { history: "n/a" } }], error: null } }), { headers: { "content-type": "application/json" } });
    expect((await appError(provider("AAPL", () => drifted).history.history("AAPL"))).code).toBe("UPSTREAM_SCHEMA_CHANGED");
    const limited = await appError(provider("AAPL", () => new Response("", { status: 429, headers: { "Retry-After": "90" } })).history.history("AAPL"));
    expect([limited.code, limited.retryAfterSeconds]).toEqual(["UPSTREAM_UNAVAILABLE", 90]);
    expect((await appError(provider("AAPL", () => new Response("<html>oops</html>", { status: 503 })).history.history("AAPL"))).code).toBe("UPSTREAM_UNAVAILABLE");
    const html = new Response("<html><body>consent</body></html>", { status: 200, headers: { "content-type": "text/html" } });
    expect((await appError(provider("AAPL", () => html).history.history("AAPL"))).code).toMatch(/^UPSTREAM_/);
  });
});

/** AAPL's closes from the shared daily dataset, read independently of the service. */
function aaplCloses(): Map<string, number> {
  const lines = fs.readFileSync(path.join(SHARED_DIR, "datasets/daily/AAPL.csv"), "utf8").trim().split("\n").slice(1);
  return new Map(lines.map((l) => l.split(",")).map((f) => [f[0]!, Number(f[4])]));
}

describe.skipIf(!SHARED_PRESENT)("/earnings_surprise on the offline example deployment", () => {
  const harness = paidRoutes();

  it("serves the recorded EPS history with no reactions while no stored calendar day names a report, and says why", async () => {
    const { status, body } = await harness.call("/earnings_surprise?ticker=AAPL");
    expect(status).toBe(200);
    expect(body.quarters).toHaveLength(4);
    expect(body.summary.beat_rate).toMatchObject({ value: 1, n: 4 });
    expect(body.coverage).toEqual({ quarters: 4, with_report_date: 0, with_reaction: 0, calendar_days_searched: 0 });
    expect(body.quarters.every((q: { reaction_note: string }) => /report date not in the stored/.test(q.reaction_note))).toBe(true);
    expect(body).toMatchObject({ cached: true, fetched_at: "2025-02-24T09:34:56.000Z" });
  });

  it("measures reactions from the dataset's closes once calendar days naming the reports are stored", async () => {
    // Test data: two calendar rows written by hand from Apple's public report dates (after the close on
    // 2024-08-01 and 2024-10-31), stored as a calendar fetch would store them.
    const service = harness.service();
    const cache = new SnapshotCache(new FeedSnapshots(service.database.db), { nowMs: () => Date.now() }, pino({ level: "silent" }));
    await cache.record(FEED_POLICIES.earningsCalendar.source, "2024-08-01", Date.parse("2024-08-01T12:00:00Z"), [row("AAPL", "Jun/2024", "after-hours", "2023-08-03")]);
    await cache.record(FEED_POLICIES.earningsCalendar.source, "2024-10-31", Date.parse("2024-10-31T12:00:00Z"), [row("AAPL", "Sep/2024", "after-hours", "2023-11-02")]);

    const { status, body } = await harness.call("/api/earnings-surprise?ticker=AAPL");
    expect(status).toBe(200);
    const closes = aaplCloses();
    const june = body.quarters.find((q: { fiscal_quarter_end: string }) => q.fiscal_quarter_end === "2024-06-30");
    expect(june).toMatchObject({ report_date: "2024-08-01", report_time: "after-hours", report_date_basis: "nasdaq-calendar", reaction_note: null });
    expect(june.reaction).toMatchObject({ before_date: "2024-08-01", after_date: "2024-08-02", after_5d_date: "2024-08-08" });
    expect(june.reaction.reaction_1d).toBeCloseTo(closes.get("2024-08-02")! / closes.get("2024-08-01")! - 1, 6);
    expect(june.reaction.reaction_5d).toBeCloseTo(closes.get("2024-08-08")! / closes.get("2024-08-01")! - 1, 6);
    const september = body.quarters.find((q: { fiscal_quarter_end: string }) => q.fiscal_quarter_end === "2024-09-30");
    expect(september.reaction.reaction_1d).toBeCloseTo(closes.get("2024-11-01")! / closes.get("2024-10-31")! - 1, 6);
    expect(body.coverage).toEqual({ quarters: 4, with_report_date: 2, with_reaction: 2, calendar_days_searched: 2 });
    expect(body.summary.avg_reaction_on_beats.n).toBe(2);
    expect(body.summary.avg_reaction_on_beats.value).toBeCloseTo((june.reaction.reaction_1d + september.reaction.reaction_1d) / 2, 12);
    expect(body.sources).toMatchObject({ eps: "yahoo", report_dates: "nasdaq", prices: "offline" });
  });

  it("answers 422 for a fund or a coin and 503 with nothing stored, charging nothing", async () => {
    await harness.expect422("/earnings_surprise?ticker=SPY", "ticker");
    await harness.expect422("/earnings_surprise?ticker=BTC", "ticker");
    const payer = harness.payer();
    const before = await payer.balance();
    const res = await payer.pay("/earnings_surprise?ticker=MSFT", "POST");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).not.toBeNull();
    expect(await payer.balance()).toBe(before);
  });
});
