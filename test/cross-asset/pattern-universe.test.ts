import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { naiveSearchMany } from "../reference/naive-search.js";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";
import { DAY, naiveMove, readCsv, type CsvSeries } from "./naive-dataset.js";
import { expectValidationFailures, paidRoutes } from "../support/paid-routes.js";
type Match = { dates: string[]; closes: number[]; similarity: number; match_return: number | null; wrapped: boolean; ticker?: string; description: string };

const naiveInput = (s: CsvSeries) => ({
  values: Float64Array.from(s.closes),
  breakBefore: Uint8Array.from(s.times.map((t, i) => (i > 0 && t - s.times[i - 1] > 5 * DAY ? 1 : 0))),
});

/**
 * Windows of another series concurrent with a query dated [first, last], by the documented definition: they start
 * by the query's last date and their last date plus `days` lies after its first date. As an exclude range [a, b)
 * (starts a - m < s < b), or undefined when there are none.
 */
function concurrentExclusion(s: CsvSeries, m: number, first: string, last: string, days: number): [number, number] | undefined {
  const starts: number[] = [];
  for (let start = 0; start + m <= s.dates.length; start++) {
    if (s.dates[start] <= last && s.times[start + m - 1] + days * DAY > Date.parse(`${first}T00:00:00Z`)) starts.push(start);
  }
  return starts.length === 0 ? undefined : [starts[0] + m - 1, starts[starts.length - 1] + 1];
}

describe.skipIf(!SHARED_PRESENT)("cross-asset analogs: the universe extension of /get_patterns(_raw)", () => {
  const harness = paidRoutes();
  const { call } = harness;

  it("ranks windows of every listed series together, without the query's window nor windows concurrent with it", async () => {
    const names = ["AAPL", "MSFT", "SPY"];
    const series = names.map((t) => readCsv(`${t}.csv`));
    const [aapl] = series;
    const qs = aapl.dates.indexOf("2024-09-03");
    const qe = aapl.dates.indexOf("2024-10-01");
    const m = qe - qs;
    const expected = naiveSearchMany(series.map(naiveInput), Float64Array.from(aapl.closes.slice(qs, qe)), {
      k: 8,
      metric: "l2",
      wrap: false,
      excludeRanges: [[qs, qe], ...series.slice(1).map((s) => concurrentExclusion(s, m, aapl.dates[qs], aapl.dates[qe - 1], 30))],
    });
    const { status, body } = await call("/get_patterns?ticker=AAPL&start_date=2024-09-03&end_date=2024-10-01&k=8&wrap=false&universe=MSFT,SPY,NOSUCH,aapl");
    expect(status).toBe(200);
    const matches = body.matches as Match[];
    expect(matches.map((x) => [x.ticker, x.dates[0]])).toEqual(expected.map((e) => [names[e.seriesIndex], series[e.seriesIndex].dates[e.start]]));
    matches.forEach((match, i) => {
      const e = expected[i];
      expect(match.similarity).toBeCloseTo(e.distance / Math.sqrt(m), 9);
      expect(match.closes).toEqual(series[e.seriesIndex].closes.slice(e.start, e.start + m));
      expect(match.description.startsWith(`${match.ticker} `)).toBe(true);
    });
    expect(new Set(matches.map((x) => x.ticker)).size).toBeGreaterThan(1);
    expect(body.universe.searched).toEqual(["AAPL", "MSFT", "SPY"]);
    expect(body.universe.concurrency_horizon_days).toBe(30);
    expect(body.universe.list).toBeUndefined();
    expect(body.universe.skipped).toEqual([expect.objectContaining({ ticker: "NOSUCH", code: "UNKNOWN_TICKER" })]);
    // Forward figures of each analog come from that analog's own series.
    const forward = (days: number) => {
      const values = matches.map((x) => naiveMove(series[names.indexOf(x.ticker!)], x.dates[m - 1], days)).filter((v): v is number => v !== null);
      return values.reduce((a, b) => a + b, 0) / values.length;
    };
    expect(body.summary["Average 7 day return"]).toBeCloseTo(forward(7), 12);
    expect(body.summary["Average 30 day return"]).toBeCloseTo(forward(30), 12);
    expect(body.summary["Matches with 30 day history"]).toBe(8);
    expect(body.summary["Pattern Average return"]).toBeCloseTo(matches.reduce((s, x) => s + x.match_return!, 0) / 8, 12);
  });

  it("never lets another series' concurrent window leak the query's own future (SPY 2020-02-19 to 2020-03-24, QQQ, AAPL, MSFT)", async () => {
    // Before the fix the top matches were QQQ, MSFT and AAPL over the very same dates, and "Average 30 day return"
    // (+12.1%) was the rebound that followed the query itself.
    const names = ["SPY", "QQQ", "AAPL", "MSFT"];
    const series = names.map((t) => readCsv(`${t}.csv`));
    const spy = series[0];
    const url = "/get_patterns?ticker=SPY&start_date=2020-02-19&end_date=2020-03-24&universe=QQQ,AAPL,MSFT";
    const { status, body } = await call(url);
    expect(status).toBe(200);
    const qs = spy.dates.indexOf("2020-02-19");
    const qe = spy.dates.indexOf("2020-03-24");
    const m = qe - qs;
    const firstMs = spy.times[qs];
    const lastMs = spy.times[qe - 1];
    const matches = body.matches as Match[];
    expect(matches.length).toBeGreaterThan(0);
    for (const match of matches) {
      if (match.ticker === "SPY") continue;
      const startMs = Date.parse(`${match.dates[0]}T00:00:00Z`);
      const endMs = Date.parse(`${match.dates[m - 1]}T00:00:00Z`);
      // Concurrent: starts by the query's last day and ends less than 30 days before its first day (or later).
      expect([match.ticker, match.dates[0], startMs <= lastMs && endMs + 30 * DAY > firstMs]).toEqual([match.ticker, match.dates[0], false]);
    }
    // The ranking is the naive search's with those windows excluded, and the 30-day average is built from them alone.
    const expected = naiveSearchMany(series.map(naiveInput), Float64Array.from(spy.closes.slice(qs, qe)), {
      k: 3, // the spec's defaults: k = 3, wrap = true
      metric: "l2",
      wrap: true,
      excludeRanges: [[qs, qe], ...series.slice(1).map((s) => concurrentExclusion(s, m, spy.dates[qs], spy.dates[qe - 1], 30))],
    });
    expect(matches.map((x) => [x.ticker, x.dates[0]])).toEqual(expected.map((e) => [names[e.seriesIndex], series[e.seriesIndex].dates[e.start]]));
    const forward = matches
      .filter((x) => !x.wrapped)
      .map((x) => naiveMove(series[names.indexOf(x.ticker!)], x.dates[m - 1], 30))
      .filter((v): v is number => v !== null);
    expect(body.summary["Average 30 day return"]).toBeCloseTo(forward.reduce((a, b) => a + b, 0) / forward.length, 12);
    expect(body.summary["Average 30 day return"]).toBeLessThan(0.1);
  });

  it("searches every file of the data folder for universe=all, names it and marks each series' kind", async () => {
    const { status, body } = await call("/get_patterns_raw?ticker=AAPL&start_date=2024-10-01&end_date=2024-10-15&k=5&universe=all");
    expect(status).toBe(200);
    const files = fs.readdirSync(DAILY_DATASET_DIR).filter((f) => f.endsWith(".csv"));
    expect(body.universe.list).toEqual({ source: "folder", version: expect.stringMatching(/^folder-17-[0-9a-f]{12}$/), count: files.length });
    expect(body.universe.searched).toHaveLength(files.length);
    // Nothing another caller loaded changes it.
    await call("/get_patterns_raw?ticker=TSLA&start_date=2024-10-01&end_date=2024-10-15&k=1");
    const again = await call("/get_patterns_raw?ticker=AAPL&start_date=2024-10-01&end_date=2024-10-15&k=5&universe=all");
    expect(again.body.universe).toEqual(body.universe);
    expect(body.universe.searched).toEqual(expect.arrayContaining(["AAPL", "GC=F", "^VIX", "^TNX", "BTC-USD", "CL=F", "SPY"]));
    const kindOf = new Map((body.universe.searched as string[]).map((ticker, i) => [ticker, body.universe.kinds[i]]));
    expect([kindOf.get("AAPL"), kindOf.get("GC=F"), kindOf.get("^TNX"), kindOf.get("^VIX")]).toEqual(["price", "price", "rate", "volatility"]);
    expect(body.universe.kinds).toHaveLength(files.length);
    expect(body.universe.not_stored).toEqual([]);
    expect(body.universe.skipped).toEqual([]);
    for (const match of body.matches as Match[]) expect(body.universe.searched).toContain(match.ticker);
  });

  it("accepts a universe of 1,000 symbols and refuses 1,001 with a 422 naming the bound", async () => {
    const names = (count: number) => Array.from({ length: count }, (_, i) => `Q${i}`).join(",");
    const url = "/get_patterns_raw?ticker=AAPL&start_date=2024-10-01&end_date=2024-10-15&k=1&universe=";
    const accepted = await call(`${url}MSFT,${names(999)}`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.universe.searched).toEqual(["AAPL", "MSFT"]);
    expect(accepted.body.universe.skipped).toHaveLength(999);
    const refused = await call(`${url}${names(1_001)}`);
    expect([refused.status, refused.body.error.code]).toEqual([422, "VALIDATION_FAILED"]);
    expect(refused.body.error.details).toEqual([expect.objectContaining({ param: "universe", issue: expect.stringContaining("at most 1000 symbols") })]);
  });

  it("leaves the standard search untouched without universe, and validates universe", async () => {
    const plain = await call("/get_patterns_raw?ticker=AAPL&start_date=2024-10-01&end_date=2024-10-08&k=1");
    expect(plain.body.universe).toBeUndefined();
    expect(Object.keys(plain.body.matches[0])).not.toContain("ticker");
    expect(plain.body.matches[0].dates[0]).toBe("2001-07-12");
    const tooMany = Array.from({ length: 1_001 }, (_, i) => `T${i}`).join(",");
    const url = "/get_patterns?ticker=AAPL&start_date=2024-10-01&end_date=2024-10-08&universe=";
    await expectValidationFailures(harness, [tooMany, ",", "A".repeat(33)].map((value) => [`${url}${value}`, "universe"] as const));
  });

  it("keeps the event loop answering while universe searches run on worker threads", async () => {
    const url = "/get_patterns_raw?ticker=SPY&start_date=2015-01-02&end_date=2016-01-04&k=20&metric=l1&universe=all";
    // Warm the series cache so the calls' time is search time, not loading.
    expect((await call(url)).status).toBe(200);
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 4 }, () => call(url)));
    const elapsedMs = performance.now() - started;
    clearInterval(timer);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers[3].body.matches).toEqual(answers[0].body.matches);
    // Scans on this thread would leave the 1 ms interval only the gaps between them (a few ticks per call).
    expect(ticks).toBeGreaterThan(elapsedMs / 10);
  });
});
