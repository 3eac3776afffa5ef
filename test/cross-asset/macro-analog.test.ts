import { describe, expect, it } from "vitest";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { commonDates, DAY, naiveMove, readCsv, type CsvSeries } from "./naive-dataset.js";
import { expectValidationFailures, paidRoutes } from "../support/paid-routes.js";

const ROLES = ["volatility", "yield_10y", "equity", "gold"] as const;

function zNorm(xs: number[]): number[] {
  const mu = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mu) ** 2, 0) / xs.length);
  return xs.map((x) => (sd === 0 ? 0 : (x - mu) / sd));
}

/** Every admissible earlier window scored literally, sorted, then picked greedily without overlap. */
function naiveMacro(series: CsvSeries[], m: number, k: number) {
  const dates = commonDates(series);
  const n = dates.length;
  const times = dates.map((d) => Date.parse(`${d}T00:00:00Z`));
  const windowOf = (s: CsvSeries, start: number) => dates.slice(start, start + m).map((d) => s.byDate.get(d)!);
  const current = series.map((s) => zNorm(windowOf(s, n - m)));
  const scored: { start: number; parts: number[]; distance: number }[] = [];
  for (let start = 0; start + m <= n - m; start++) {
    let gap = false;
    for (let j = start + 1; j < start + m; j++) if (times[j] - times[j - 1] > 5 * DAY) gap = true;
    if (gap) continue;
    const parts = series.map((s, i) => zNorm(windowOf(s, start)).reduce((acc, z, t) => acc + (z - current[i][t]) ** 2, 0));
    scored.push({ start, parts, distance: parts.reduce((a, b) => a + b, 0) });
  }
  scored.sort((a, b) => a.distance - b.distance || a.start - b.start);
  const picked: typeof scored = [];
  for (const c of scored) if (picked.length < k && picked.every((p) => Math.abs(p.start - c.start) >= m)) picked.push(c);
  return { dates, picked };
}

describe.skipIf(!SHARED_PRESENT)("/macro_analog", () => {
  const harness = paidRoutes();
  const call = (query: string) => harness.call(`/macro_analog?${query}`);

  it("finds the same periods as a literal search over the four aligned series, with what followed", async () => {
    const series = ["VIX.csv", "US10Y.csv", "SPY.csv", "GOLD.csv"].map((f) => readCsv(f));
    const m = 30;
    const { dates, picked } = naiveMacro(series, m, 6);
    const { status, body } = await call(`lookback_days=${m}&k=6`);
    expect(status).toBe(200);
    expect(body.symbols).toEqual({ volatility: "^VIX", yield_10y: "^TNX", equity: "SPY", gold: "GC=F" });
    expect([body.common_dates, body.first_common_date, body.as_of]).toEqual([dates.length, dates[0], dates[dates.length - 1]]);
    expect(body.current.start_date).toBe(dates[dates.length - m]);
    expect(body.periods).toHaveLength(6);
    body.periods.forEach((period: any, i: number) => {
      const want = picked[i];
      const end = dates[want.start + m - 1];
      expect([period.rank, period.start_date, period.end_date]).toEqual([i + 1, dates[want.start], end]);
      expect(period.distance).toBeCloseTo(want.distance, 9);
      expect(period.similarity).toBeCloseTo(Math.sqrt(want.distance / (4 * m)), 12);
      ROLES.forEach((role, s) => {
        expect(period.distance_by_series[role]).toBeCloseTo(want.parts[s], 9);
        expect(period.levels[role]).toEqual({ start: series[s].byDate.get(dates[want.start]), end: series[s].byDate.get(end) });
        for (const [h, days] of [7, 30].entries()) {
          const kind = role === "yield_10y" ? "change" : "return";
          expect(period.followed[h].horizon_days).toBe(days);
          const move = naiveMove(series[s], end, days, kind);
          if (move === null) expect(period.followed[h][role]).toBeNull();
          else expect(period.followed[h][role]).toBeCloseTo(move, 12);
        }
      });
    });
    const equity30 = picked.map((p) => naiveMove(series[2], dates[p.start + m - 1], 30)).filter((x): x is number => x !== null);
    expect(equity30.length).toBeGreaterThan(3);
    const summary30 = body.summary.find((s: any) => s.horizon_days === 30);
    expect(summary30.equity.n).toBe(equity30.length);
    expect(summary30.equity.mean).toBeCloseTo(equity30.reduce((a, b) => a + b, 0) / equity30.length, 12);
    expect(summary30.equity.hit_rate).toBeCloseTo(equity30.filter((x) => x > 0).length / equity30.length, 12);
  });

  it("reports the yield's move in percentage points, not as a return", async () => {
    const us10y = readCsv("US10Y.csv");
    const { body } = await call("lookback_days=20&k=3");
    for (const period of body.periods) {
      const move = naiveMove(us10y, period.end_date, 7, "change");
      expect(period.followed[0].yield_10y).toBeCloseTo(move!, 12);
    }
  });

  it("never returns a period that reaches into the current window (no look-ahead) and none overlapping", async () => {
    for (const lookback of [5, 60, 120]) {
      const { status, body } = await call(`lookback_days=${lookback}&k=20`);
      expect(status).toBe(200);
      const starts: string[] = body.periods.map((p: any) => p.start_date);
      for (const period of body.periods) expect(period.end_date < body.current.start_date).toBe(true);
      const dates = commonDates(["VIX.csv", "US10Y.csv", "SPY.csv", "GOLD.csv"].map((f) => readCsv(f)));
      const positions = starts.map((d) => dates.indexOf(d)).sort((a, b) => a - b);
      for (let i = 1; i < positions.length; i++) expect(positions[i] - positions[i - 1]).toBeGreaterThanOrEqual(lookback);
      const distances = body.periods.map((p: any) => p.distance);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    }
  });

  it("rejects bad parameters with 422 naming them", async () => {
    await expectValidationFailures(harness, [
      ["/macro_analog?lookback_days=4", "lookback_days"],
      ["/macro_analog?lookback_days=121", "lookback_days"],
      ["/macro_analog?lookback_days=twenty", "lookback_days"],
      ["/macro_analog?k=0", "k"],
      ["/macro_analog?k=21", "k"],
    ]);
  });
});
