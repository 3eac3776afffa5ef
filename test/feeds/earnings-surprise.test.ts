import pino from "pino";
import { describe, expect, it } from "vitest";
import { marketAdjusted, type EarningsReaction, type MarketCloses } from "../../src/analytics/abnormal-reaction.js";
import { buyTheDipFlag, decideFlag, highVolatilityFlag, independentReports } from "../../src/analytics/earnings-flags.js";
import { priceReaction, type DailyClose } from "../../src/analytics/earnings-reaction.js";
import { summarizeEarnings } from "../../src/analytics/earnings-summary.js";
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
import { naiveAfterHoursReaction, readCloses } from "../reference/naive-earnings-reaction.js";
import { naiveStudentTCdf } from "../reference/naive-student-t.js";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";

const day = (date: string, close: number): DailyClose => ({ date, close });
// Thu 1, Fri 2, Mon 5 ... a week of sessions around a Thursday report.
const WEEK = [day("2024-07-31", 100), day("2024-08-01", 102), day("2024-08-02", 99), day("2024-08-05", 97), day("2024-08-06", 98), day("2024-08-07", 101), day("2024-08-08", 103), day("2024-08-09", 104)];

describe("earnings reaction windows", () => {
  it("measures a pre-market report from the prior close to the report day's close", () => {
    const r = priceReaction(WEEK, "2024-08-01", "pre-market")!;
    expect(r).toMatchObject({ before_date: "2024-07-31", after_date: "2024-08-01", after_5d_date: "2024-08-07" });
    expect(r.reaction_1d).toBeCloseTo(102 / 100 - 1, 12);
    expect(r.reaction_5d).toBeCloseTo(101 / 100 - 1, 12);
  });

  it("measures an after-hours report from the report day's close to the next session's", () => {
    const r = priceReaction(WEEK, "2024-08-01", "after-hours")!;
    expect(r).toMatchObject({ before_date: "2024-08-01", after_date: "2024-08-02", after_5d_date: "2024-08-08" });
    expect(r.reaction_1d).toBeCloseTo(99 / 102 - 1, 12);
    expect(r.reaction_5d).toBeCloseTo(103 / 102 - 1, 12);
  });

  it("spans both sessions when the time is not stated, and skips a weekend", () => {
    const r = priceReaction(WEEK, "2024-08-02", "not-supplied")!;
    expect(r).toMatchObject({ before_date: "2024-08-01", after_date: "2024-08-05", after_5d_date: "2024-08-09", sessions: 2 });
    // A report dated on a Saturday: the Friday close before, the Monday close after.
    expect(priceReaction(WEEK, "2024-08-03", "after-hours")).toMatchObject({ before_date: "2024-08-02", after_date: "2024-08-05" });
  });

  it("leaves day 5 null until it is stored, and the whole reaction undefined outside the bars", () => {
    expect(priceReaction(WEEK, "2024-08-06", "after-hours")).toMatchObject({ after_date: "2024-08-07", after_5d_date: null, reaction_5d: null });
    expect(priceReaction(WEEK, "2024-07-31", "pre-market")).toBeUndefined();
    expect(priceReaction(WEEK, "2024-08-09", "after-hours")).toBeUndefined();
  });
});

const MARKET: MarketCloses = { ticker: "SPY", byDate: new Map(WEEK.map((c) => [c.date, c.close * 5])), note: null };

describe("market-adjusted (abnormal) reactions", () => {
  it("subtracts the market's return over the same two closes, at day 1 and day 5", () => {
    const market: MarketCloses = { ticker: "SPY", byDate: new Map([["2024-08-01", 500], ["2024-08-02", 490], ["2024-08-08", 510]]), note: null };
    const r = marketAdjusted(priceReaction(WEEK, "2024-08-01", "after-hours")!, market);
    expect(r.market_1d).toBeCloseTo(490 / 500 - 1, 12);
    expect(r.abnormal_1d).toBeCloseTo(99 / 102 - 1 - (490 / 500 - 1), 12);
    expect(r.market_5d).toBeCloseTo(510 / 500 - 1, 12);
    expect(r.abnormal_5d).toBeCloseTo(103 / 102 - 1 - (510 / 500 - 1), 12);
    expect(r.abnormal_note).toBeNull();
  });

  it("leaves an abnormal figure null, saying why, when the market has no close on one of the dates or none at all", () => {
    const gap: MarketCloses = { ticker: "SPY", byDate: new Map([["2024-08-01", 500], ["2024-08-02", 490]]), note: null };
    const r = marketAdjusted(priceReaction(WEEK, "2024-08-01", "after-hours")!, gap);
    expect(r).toMatchObject({ abnormal_5d: null, market_5d: null, abnormal_note: "SPY has no close on 2024-08-08" });
    expect(r.abnormal_1d).not.toBeNull();
    const none = marketAdjusted(priceReaction(WEEK, "2024-08-01", "after-hours")!, { ticker: "SPY", byDate: null, note: "no bars" });
    expect(none).toMatchObject({ abnormal_1d: null, abnormal_5d: null, abnormal_note: "no SPY closes: no bars" });
  });
});

const quantiles = new Map<string, number>();

/** Student's t quantile from the density's integral (test/reference), by bisection: an oracle for the flags' intervals. */
function tQuantile(p: number, df: number): number {
  const key = `${p}|${df}`;
  const known = quantiles.get(key);
  if (known !== undefined) return known;
  let low = 0;
  let high = 20;
  for (let i = 0; i < 32; i++) {
    const mid = (low + high) / 2;
    if (naiveStudentTCdf(mid, df) < p) low = mid;
    else high = mid;
  }
  quantiles.set(key, (low + high) / 2);
  return (low + high) / 2;
}

/** The 90% Student t interval of a mean from its definition. */
function studentInterval(xs: number[]): [number, number] {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
  const half = (tQuantile(0.95, xs.length - 1) * sd) / Math.sqrt(xs.length);
  return [m - half, m + half];
}

describe("earnings flags: decided by an interval, never by a handful of reports", () => {
  it("says that nothing can be decided below five reports, and flags nothing", () => {
    for (const values of [[], [0.05], [0.05, 0.06, 0.07], [0.05, 0.06, 0.07, 0.08]]) {
      const d = decideFlag(values, null, 0);
      expect(d).toMatchObject({ flag: null, verdict: "insufficient", n: values.length, interval: { low: null, high: null, method: null } });
      expect(d.reason).toMatch(new RegExp(`^cannot be decided from ${values.length} reports?: .*too few for an interval \\(at least 5\\)`));
    }
  });

  it("raises a flag only when the whole 90% interval lies above the threshold, lowers it when below, and is undecided when it straddles", () => {
    const above = [0.01, 0.02, 0.03, 0.04, 0.05];
    const [low, high] = studentInterval(above);
    const raised = decideFlag(above, null, 0);
    expect(raised).toMatchObject({ flag: true, verdict: "raised", n: 5, threshold: 0, interval: { level: 0.9, method: "student_t", withheld: null } });
    expect(raised.mean).toBeCloseTo(0.03, 12);
    expect(raised.interval.low).toBeCloseTo(low, 6);
    expect(raised.interval.high).toBeCloseTo(high, 6);
    expect(low).toBeGreaterThan(0);
    // The same values against a threshold inside their interval, and above it.
    expect(decideFlag(above, null, 0.03)).toMatchObject({ flag: null, verdict: "undecided" });
    expect(decideFlag(above, null, 0.03).reason).toMatch(/contains 0.03: these reports cannot tell/);
    expect(decideFlag(above, null, high + 0.001)).toMatchObject({ flag: false, verdict: "not-raised" });
    const straddling = [-0.02, 0.01, 0.03, -0.01, 0.02];
    const [sLow, sHigh] = studentInterval(straddling);
    expect(sLow).toBeLessThan(0);
    expect(sHigh).toBeGreaterThan(0);
    expect(decideFlag(straddling, null, 0)).toMatchObject({ flag: null, verdict: "undecided" });
    // A skewness known from elsewhere moves the interval (skew_corrected_t), and is stated.
    expect(decideFlag(above, 1, 0)).toMatchObject({ reference_skewness: 1, interval: { method: "skew_corrected_t" } });
  });

  const reaction = (before: string, after: string, after5: string | null, r1: number, r5: number | null, a1: number | null): EarningsReaction => ({
    before_date: before,
    close_before: 1,
    after_date: after,
    close_after: 1 + r1,
    reaction_1d: r1,
    sessions: 1,
    after_5d_date: after5,
    reaction_5d: r5,
    market_1d: a1 === null ? null : r1 - a1,
    abnormal_1d: a1,
    market_5d: null,
    abnormal_5d: null,
    abnormal_note: null,
  });

  it("counts reports whose windows overlap once (the interval needs independent values)", () => {
    const kept = independentReports([
      reaction("2024-08-01", "2024-08-02", "2024-08-08", 0.01, 0.02, 0.01),
      reaction("2024-08-02", "2024-08-05", "2024-08-09", 0.01, 0.02, 0.01),
      reaction("2024-07-31", "2024-08-01", "2024-08-07", 0.01, 0.02, 0.01),
    ]);
    expect(kept.map((r) => r.before_date)).toEqual(["2024-07-31"]);
  });

  it("reads abnormal reactions: a drop with the market is no dip, and without the market's closes it says so", () => {
    // Day-1 raw drops of 5%; the market fell 5% too on the first (abnormal 0), not on the second.
    const reactions = [reaction("2024-08-01", "2024-08-02", "2024-08-08", -0.05, -0.01, 0), reaction("2024-08-05", "2024-08-06", null, -0.05, null, -0.05)];
    const dip = buyTheDipFlag(reactions, WEEK, MARKET);
    expect(dip).toMatchObject({ signal: null, verdict: "insufficient", n: 0, recovered: 0 });
    const blind: MarketCloses = { ticker: "SPY", byDate: null, note: "no bars for the span" };
    expect(buyTheDipFlag(reactions, WEEK, blind).reason).toBe("cannot be decided without the market's closes (SPY): no bars for the span");
    expect(highVolatilityFlag(reactions, WEEK, blind)).toMatchObject({ flag: null, verdict: "insufficient", n: 0 });
  });

  it("gives the beat figures raw and abnormal, descriptive only", () => {
    const s = summarizeEarnings(
      [
        { result: "beat", reaction: reaction("2024-08-01", "2024-08-02", null, 0.05, null, 0.03) },
        { result: "beat", reaction: reaction("2024-08-05", "2024-08-06", null, -0.04, null, null) },
        { result: "miss", reaction: reaction("2024-08-07", "2024-08-08", null, -0.08, null, -0.06) },
        { result: null, reaction: undefined },
      ],
      [],
      WEEK,
      MARKET,
    );
    expect(s.beat_rate).toMatchObject({ value: 2 / 3, n: 3 });
    expect(s.avg_reaction_on_beats.value).toBeCloseTo(0.005, 12);
    expect(s.avg_reaction_on_beats).toMatchObject({ n: 2, abnormal: { value: 0.03, n: 1 } });
    expect(s.avg_reaction_on_misses).toMatchObject({ value: -0.08, n: 1, abnormal: { value: -0.06, n: 1 } });
    expect(s.high_volatility_event).toMatchObject({ flag: null, verdict: "insufficient", n: 0 });
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

/**
 * Apple's public report dates (each after the close) and the fiscal quarter Nasdaq names for each: test data
 * written by hand, stored below as calendar fetches would store them. The EPS recording lists the last four
 * quarters (Mar/2024 to Dec/2024), so the first five are other_reports, and Dec/2024 (reported 2025-01-30) has none.
 */
const APPLE_REPORTS: Array<[string, string]> = [
  ["2023-02-02", "Dec/2022"],
  ["2023-05-04", "Mar/2023"],
  ["2023-08-03", "Jun/2023"],
  ["2023-11-02", "Sep/2023"],
  ["2024-02-01", "Dec/2023"],
  ["2024-05-02", "Mar/2024"],
  ["2024-08-01", "Jun/2024"],
  ["2024-10-31", "Sep/2024"],
];

const meanOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe.skipIf(!SHARED_PRESENT)("/earnings_surprise on the offline example deployment", () => {
  const harness = paidRoutes();

  it("serves the recorded EPS history with no reactions while no stored calendar day names a report, and says why", async () => {
    const { status, body } = await harness.call("/earnings_surprise?ticker=AAPL");
    expect(status).toBe(200);
    expect(body.quarters).toHaveLength(4);
    expect(body.other_reports).toEqual([]);
    expect(body.summary.beat_rate).toMatchObject({ value: 1, n: 4 });
    expect(body.coverage).toEqual({ quarters: 4, with_report_date: 0, with_reaction: 0, calendar_days_searched: 0 });
    expect(body.quarters.every((q: { reaction_note: string }) => /report date not in the stored/.test(q.reaction_note))).toBe(true);
    expect(body).toMatchObject({ cached: true, fetched_at: "2025-02-24T09:34:56.000Z" });
    expect(body.market).toMatchObject({ ticker: "SPY", model: expect.stringMatching(/^market-adjusted: /), source: null });
    for (const flag of [body.summary.high_volatility_event, body.summary.buy_the_dip]) {
      expect(flag).toMatchObject({ verdict: "insufficient", n: 0, mean: null, interval: { low: null, high: null } });
      expect(flag.reason).toMatch(/^cannot be decided from 0 reports: .*too few/);
    }
  });

  it("measures raw and abnormal reactions, recomputed here from AAPL.csv and SPY.csv, once calendar days naming the reports are stored", async () => {
    const service = harness.service();
    const cache = new SnapshotCache(new FeedSnapshots(service.database.db), { nowMs: () => Date.now() }, pino({ level: "silent" }));
    for (const [day, quarter] of APPLE_REPORTS) {
      await cache.record(FEED_POLICIES.earningsCalendar.source, day, Date.parse(`${day}T12:00:00Z`), [row("AAPL", quarter, "after-hours", null)]);
    }

    const { status, body } = await harness.call("/api/earnings-surprise?ticker=AAPL");
    expect(status).toBe(200);
    const stock = readCloses(DAILY_DATASET_DIR, "AAPL");
    const spy = readCloses(DAILY_DATASET_DIR, "SPY").byDate;
    const oracle = new Map(APPLE_REPORTS.map(([day]) => [day, naiveAfterHoursReaction(stock, spy, day)]));

    expect(body.market).toEqual({ ticker: "SPY", model: expect.stringMatching(/^market-adjusted: the stock's return minus the market's/), source: "offline", cached: false, note: null });
    expect(body.coverage).toEqual({ quarters: 4, with_report_date: 3, with_reaction: 3, calendar_days_searched: 8 });
    expect(body.other_reports.map((r: { fiscal_month: string }) => r.fiscal_month)).toEqual(["2022-12", "2023-03", "2023-06", "2023-09", "2023-12"]);
    type Reported = { report_date: string; reaction: Record<string, number | string | null> };
    const reported: Reported[] = [...body.quarters, ...body.other_reports].filter((r: Reported) => r.reaction !== null);
    expect(reported.map((r) => r.report_date).sort()).toEqual(APPLE_REPORTS.map(([day]) => day));
    for (const { report_date, reaction } of reported) {
      const want = oracle.get(report_date)!;
      expect(reaction).toMatchObject({ before_date: want.before, after_date: want.day1, after_5d_date: want.day5, sessions: 1, abnormal_note: null });
      expect(reaction.reaction_1d).toBeCloseTo(want.raw1, 10);
      expect(reaction.reaction_5d).toBeCloseTo(want.raw5!, 10);
      expect(reaction.market_1d).toBeCloseTo(want.market1!, 10);
      expect(reaction.market_5d).toBeCloseTo(want.market5!, 10);
      expect(reaction.abnormal_1d).toBeCloseTo(want.abnormal1!, 10);
      expect(reaction.abnormal_5d).toBeCloseTo(want.abnormal5!, 10);
    }
    // The case: Apple's week after the 2024-08-01 report fell about as much as the market did.
    const august = oracle.get("2024-08-01")!;
    expect([august.day1, august.day5]).toEqual(["2024-08-02", "2024-08-08"]);
    expect(august.raw5).toBeLessThan(-0.02);
    expect(august.market5).toBeLessThan(-0.02);
    expect(Math.abs(august.abnormal5!)).toBeLessThan(0.001);

    // Beat figures over the three quarters with a reaction (all beats), raw and abnormal.
    const beats = ["2024-05-02", "2024-08-01", "2024-10-31"].map((day) => oracle.get(day)!);
    expect(body.summary.avg_reaction_on_beats).toMatchObject({ n: 3, abnormal: { n: 3 } });
    expect(body.summary.avg_reaction_on_beats.value).toBeCloseTo(meanOf(beats.map((r) => r.raw1)), 10);
    expect(body.summary.avg_reaction_on_beats.abnormal.value).toBeCloseTo(meanOf(beats.map((r) => r.abnormal1!)), 10);

    // Buy the dip: the abnormal day-1 drops, and the abnormal return from day 1's close to day 5's after each.
    const drifts = [...oracle.values()]
      .filter((r) => r.abnormal1! < 0)
      .map((r) => stock.byDate.get(r.day5!)! / stock.byDate.get(r.day1)! - 1 - (spy.get(r.day5!)! / spy.get(r.day1)! - 1));
    const dip = body.summary.buy_the_dip;
    expect(drifts).toHaveLength(4);
    expect(dip).toMatchObject({ signal: null, verdict: "insufficient", n: 4, recovered: drifts.filter((d) => d > 0).length, threshold: 0 });
    expect(dip.mean).toBeCloseTo(meanOf(drifts), 10);
    expect(dip.reason).toBe("cannot be decided from 4 reports: 4 independent outcomes: too few for an interval (at least 5)");

    // High volatility: each report's |abnormal day-1 move| over the mean |abnormal daily return| of the 250
    // sessions up to its reference close, the reports' own day-1 sessions left out.
    const dayOnes = new Set([...oracle.values()].map((r) => r.day1));
    const daily: Array<{ date: string; value: number }> = [];
    for (let i = 1; i < stock.dates.length; i++) {
      const [from, to] = [stock.dates[i - 1]!, stock.dates[i]!];
      if (dayOnes.has(to) || !spy.has(from) || !spy.has(to)) continue;
      daily.push({ date: to, value: stock.byDate.get(to)! / stock.byDate.get(from)! - 1 - (spy.get(to)! / spy.get(from)! - 1) });
    }
    const yardstickOf = (before: string) => meanOf(daily.filter((d) => d.date <= before).slice(-250).map((d) => Math.abs(d.value)));
    const reports = [...oracle.values()];
    const high = body.summary.high_volatility_event;
    expect(high).toMatchObject({ n: 8, threshold: 2, interval: { level: 0.9 } });
    expect(high.mean_abs_reaction).toBeCloseTo(meanOf(reports.map((r) => Math.abs(r.abnormal1!))), 10);
    expect(high.mean).toBeCloseTo(meanOf(reports.map((r) => Math.abs(r.abnormal1!) / yardstickOf(r.before))), 8);
    expect(high.typical_abs_daily_move).toBeCloseTo(yardstickOf(oracle.get("2024-10-31")!.before), 10);
    // Apple's report days move it several ordinary days' worth; the verdict is the one the published interval supports.
    expect(high.verdict).toBe("raised");
    const { low, high: top } = high.interval;
    expect(high.verdict).toBe(low > 2 ? "raised" : top < 2 ? "not-raised" : "undecided");
    expect(high.flag).toBe(low > 2 ? true : top < 2 ? false : null);
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
