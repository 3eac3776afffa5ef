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

describe.skipIf(!SHARED_PRESENT)("cross-asset analogs: the universe extension of /get_patterns(_raw)", () => {
  const harness = paidRoutes();
  const { call } = harness;

  it("ranks windows of every listed series together; only the query's own series excludes the query window", async () => {
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
      excludeRanges: [[qs, qe]],
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

  it("lets another series match the query's own dates (it has no exclusion there)", async () => {
    // SPY and QQQ move closely: the best QQQ analog of a SPY window is very often the same dates.
    const { body } = await call("/get_patterns_raw?ticker=SPY&start_date=2022-01-03&end_date=2022-03-01&k=3&universe=QQQ");
    const qqq = (body.matches as Match[]).filter((x) => x.ticker === "QQQ");
    expect(qqq.some((x) => x.dates[0] === "2022-01-03")).toBe(true);
    expect((body.matches as Match[]).filter((x) => x.ticker === "SPY").every((x) => x.dates[0] >= "2022-03-01" || x.dates.at(-1)! < "2022-01-03")).toBe(true);
  });

  it("searches every file of the offline dataset for universe=all", async () => {
    const { status, body } = await call("/get_patterns_raw?ticker=AAPL&start_date=2024-10-01&end_date=2024-10-15&k=5&universe=all");
    expect(status).toBe(200);
    const files = fs.readdirSync(DAILY_DATASET_DIR).filter((f) => f.endsWith(".csv"));
    expect(body.universe.searched).toHaveLength(files.length);
    expect(body.universe.searched).toEqual(expect.arrayContaining(["AAPL", "GC=F", "^VIX", "^TNX", "BTC-USD", "CL=F", "SPY"]));
    expect(body.universe.skipped).toEqual([]);
    for (const match of body.matches as Match[]) expect(body.universe.searched).toContain(match.ticker);
  });

  it("leaves the standard search untouched without universe, and validates universe", async () => {
    const plain = await call("/get_patterns_raw?ticker=AAPL&start_date=2024-10-01&end_date=2024-10-08&k=1");
    expect(plain.body.universe).toBeUndefined();
    expect(Object.keys(plain.body.matches[0])).not.toContain("ticker");
    expect(plain.body.matches[0].dates[0]).toBe("2001-07-12");
    const tooMany = Array.from({ length: 51 }, (_, i) => `T${i}`).join(",");
    const url = "/get_patterns?ticker=AAPL&start_date=2024-10-01&end_date=2024-10-08&universe=";
    await expectValidationFailures(harness, [tooMany, ",", "A".repeat(33)].map((value) => [`${url}${value}`, "universe"] as const));
  });
});
