import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { naiveSearch } from "../reference/naive-search.js";
import { paidRoutes } from "../support/paid-routes.js";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";

type Match = { dates: string[]; closes: number[]; similarity: number; query_return: number; match_return: number | null; wrapped: boolean };

const DAY = 86_400_000;

/** The dataset read independently: dates, closes, and the gap rule (no bar for more than 4 days + 1 bar). */
function dataset(file: string) {
  const rows = fs.readFileSync(path.join(DAILY_DATASET_DIR, file), "utf8").trim().split("\n").slice(1).map((l) => l.split(","));
  const dates = rows.map((r) => r[0]);
  const closes = Float64Array.from(rows.map((r) => Number(r[4])));
  const times = dates.map((d) => Date.parse(`${d}T00:00:00Z`));
  const breakBefore = Uint8Array.from(times.map((t, i) => (i > 0 && t - times[i - 1] > 5 * DAY ? 1 : 0)));
  return { dates, closes, times, breakBefore };
}

describe.skipIf(!SHARED_PRESENT)("pattern routes on the daily dataset", () => {
  const { call, payer: currentPayer } = paidRoutes();

  for (const metric of ["l2", "l1"] as const) {
    it(`ranks the same analogs as a naive search (${metric})`, async () => {
      const aapl = dataset("AAPL.csv");
      const start = aapl.dates.indexOf("2024-09-03");
      const end = aapl.dates.indexOf("2024-10-01");
      const m = end - start;
      const expected = naiveSearch({ values: aapl.closes, breakBefore: aapl.breakBefore }, aapl.closes.slice(start, end), {
        k: 5,
        metric,
        excludeRange: [start, end],
        wrap: true,
      });
      const { status, body } = await call(`/get_patterns_raw?ticker=AAPL&start_date=2024-09-03&end_date=2024-10-01&k=5&metric=${metric}`);
      expect(status).toBe(200);
      const matches = body.matches as Match[];
      expect(matches.map((x) => x.dates[0])).toEqual(expected.map((e) => aapl.dates[e.start]));
      matches.forEach((match, i) => {
        const scale = metric === "l2" ? Math.sqrt(m) : m;
        expect(match.similarity).toBeCloseTo(expected[i].distance / scale, 9);
        expect(match.dates).toHaveLength(m);
        expect(match.closes).toEqual(Array.from(aapl.closes.slice(expected[i].start, expected[i].start + m)));
        expect(match.query_return).toBeCloseTo(aapl.closes[end - 1] / aapl.closes[start] - 1, 12);
      });
      expect(body.query.bars).toBe(m);
    });
  }

  it("summarises forward returns from real history only, with the count behind each average", async () => {
    const spy = dataset("SPY.csv");
    const { status, body } = await call("/get_patterns?ticker=SPY&start_date=2020-02-20&end_date=2020-03-20&k=4&wrap=false");
    expect(status).toBe(200);
    const matches = body.matches as Match[];
    const forward = (days: number) =>
      matches.map((match) => {
        const endIndex = spy.dates.indexOf(match.dates[match.dates.length - 1]);
        const horizon = spy.times[endIndex] + days * DAY;
        let j = endIndex;
        while (j + 1 < spy.times.length && spy.times[j + 1] <= horizon) j += 1;
        return spy.times[spy.times.length - 1] >= horizon ? spy.closes[j] / spy.closes[endIndex] - 1 : null;
      });
    const avg = (xs: (number | null)[]) => {
      const present = xs.filter((x): x is number => x !== null);
      return present.reduce((s, x) => s + x, 0) / present.length;
    };
    expect(body.summary["Average 7 day return"]).toBeCloseTo(avg(forward(7)), 12);
    expect(body.summary["Average 30 day return"]).toBeCloseTo(avg(forward(30)), 12);
    expect(body.summary["Pattern Average return"]).toBeCloseTo(avg(matches.map((x) => x.match_return)), 12);
    expect(body.summary["Matches with 7 day history"]).toBe(4);
    expect(body.summary["Matches in pattern average"]).toBe(4);
  });

  it("does not count an analog whose horizon runs into the query window (same rule as /forward_distribution)", async () => {
    // BTC's June 2022 crash: an analog ending just before it would otherwise carry the crash as its outcome.
    const window = "ticker=BTC&start_date=2022-06-01&end_date=2022-06-20&k=50";
    const patterns = await call(`/get_patterns?${window}&wrap=false`);
    const distribution = await call(`/forward_distribution?${window}&horizon_days=7,30&causal=false`);
    expect(patterns.status).toBe(200);
    const n = (days: number) => distribution.body.horizons.find((h: { horizon_days: number }) => h.horizon_days === days);
    expect(patterns.body.summary["Matches with 30 day history"]).toBe(n(30).n);
    expect(patterns.body.summary["Average 30 day return"]).toBeCloseTo(n(30).mean, 12);
    expect(patterns.body.summary["Matches with 7 day history"]).toBe(n(7).n);
    // The same outcomes, so the same evidence beside them: the interval rests on the independent ones.
    expect(patterns.body.mode).toBe("full_history");
    expect(patterns.body.evidence[1].mean_ci).toEqual(n(30).mean_ci);
    expect(patterns.body.evidence[1].baseline).toEqual(n(30).baseline);
  });

  it("never returns windows overlapping the query, each other, or a gap", async () => {
    const aapl = dataset("AAPL.csv");
    const { body } = await call("/get_patterns_raw?ticker=AAPL&start_date=2001-06-01&end_date=2001-08-01&k=20&wrap=false");
    expect((body.matches as Match[]).length).toBe(20);
    const starts = (body.matches as Match[]).map((x) => aapl.dates.indexOf(x.dates[0]));
    const m = (body.matches as Match[])[0].dates.length;
    const queryStart = aapl.dates.indexOf("2001-06-01");
    for (const s of starts) {
      expect(Math.abs(s - queryStart)).toBeGreaterThanOrEqual(m);
      for (let j = s + 1; j < s + m; j++) expect(aapl.breakBefore[j]).toBe(0);
    }
    for (let a = 0; a < starts.length; a++) for (let b = a + 1; b < starts.length; b++) expect(Math.abs(starts[a] - starts[b])).toBeGreaterThanOrEqual(m);
  });

  it("returns OHLC arrays per analog with pattern_id as rank", async () => {
    const aapl = fs.readFileSync(path.join(DAILY_DATASET_DIR, "AAPL.csv"), "utf8").trim().split("\n").slice(1).map((l) => l.split(","));
    const { status, body } = await call("/get_patterns_ohlc?ticker=AAPL&start_date=2024-10-01&end_date=2024-10-15&k=2");
    expect(status).toBe(200);
    expect(body.patterns.map((p: { pattern_id: number }) => p.pattern_id)).toEqual([1, 2]);
    const first = body.patterns[0];
    const row = aapl.find((r) => r[0] === first.dates[0])!;
    expect([first.opens[0], first.highs[0], first.lows[0], first.closes[0]]).toEqual(row.slice(1, 5).map(Number));
    expect(body.patterns[0].similarity).toBeLessThanOrEqual(body.patterns[1].similarity);
  });

  it("marks wrapped windows and keeps them out of the summary", async () => {
    // The last weeks of BTC history: with wrap=true a window may splice the end of history onto its start.
    const { status, body } = await call("/get_patterns?ticker=BTC&start_date=2014-09-17&end_date=2014-10-01&k=50&wrap=true");
    expect(status).toBe(200);
    const matches = body.matches as Match[];
    const wrapped = matches.filter((x) => x.wrapped);
    for (const w of wrapped) expect(w.match_return).toBeNull();
    expect(body.summary["Matches in pattern average"]).toBe(matches.length - wrapped.length);
  });

  it("rejects windows that are too short, too long, empty, reversed or unknown", async () => {
    const before = await currentPayer().balance();
    const short = await call("/get_patterns?ticker=AAPL&start_date=2024-10-01&end_date=2024-10-04");
    expect([short.status, short.body.error.code]).toEqual([422, "VALIDATION_FAILED"]);
    expect(short.body.error.message).toContain("at least 5");
    const long = await call("/get_patterns?ticker=SOL&start_date=2020-01-01&end_date=2024-01-01");
    expect(long.status).toBe(422);
    expect(long.body.error.message).toContain("half");
    const reversed = await call("/get_patterns?ticker=AAPL&start_date=2024-10-05&end_date=2024-10-01");
    expect([reversed.status, reversed.body.error.details[0].param]).toEqual([422, "start_date"]);
    const badK = await call("/get_patterns?ticker=AAPL&start_date=2024-09-01&end_date=2024-10-01&k=51");
    expect([badK.status, badK.body.error.details[0].param]).toEqual([422, "k"]);
    const acrossGap = await call("/get_patterns?ticker=AAPL&start_date=2001-08-01&end_date=2001-10-01");
    expect(acrossGap.status).toBe(422);
    expect(acrossGap.body.error.message).toContain("gap");
    const empty = await call("/get_patterns?ticker=AAPL&start_date=1970-01-01&end_date=1970-02-01");
    expect([empty.status, empty.body.error.code]).toEqual([404, "NO_DATA"]);
    const unknown = await call("/get_patterns?ticker=NOSUCH&start_date=2024-09-01&end_date=2024-10-01");
    expect([unknown.status, unknown.body.error.code]).toEqual([404, "UNKNOWN_TICKER"]);
    expect(await currentPayer().balance()).toBe(before);
  });
});
