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

const popStd = (xs: number[]) => {
  const mu = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - mu) ** 2, 0) / xs.length);
};

/**
 * Every admissible earlier window scored literally as documented: it ends at least 30 days before the current
 * window starts, spans no gap, its VIX and 10-year yield at its last date are within 1 standard deviation (over
 * the shared dates) of today's, and its score is sum(1 - r) = shape distance / 2m plus both squared gaps; sorted,
 * then picked greedily without overlap.
 */
function naiveMacro(series: CsvSeries[], m: number, k: number) {
  const dates = commonDates(series);
  const n = dates.length;
  const times = dates.map((d) => Date.parse(`${d}T00:00:00Z`));
  const windowOf = (s: CsvSeries, start: number) => dates.slice(start, start + m).map((d) => s.byDate.get(d)!);
  const current = series.map((s) => zNorm(windowOf(s, n - m)));
  const scales = [0, 1].map((i) => popStd(dates.map((d) => series[i].byDate.get(d)!)));
  const levelAt = (i: number, position: number) => series[i].byDate.get(dates[position])!;
  const scored: { start: number; parts: number[]; distance: number; gaps: number[]; score: number }[] = [];
  for (let start = 0; start + m <= n - m; start++) {
    if (times[start + m - 1] + 30 * DAY > times[n - m]) continue;
    let gap = false;
    for (let j = start + 1; j < start + m; j++) if (times[j] - times[j - 1] > 5 * DAY) gap = true;
    if (gap) continue;
    const gaps = [0, 1].map((i) => (levelAt(i, start + m - 1) - levelAt(i, n - 1)) / scales[i]);
    if (gaps.some((g) => Math.abs(g) > 1)) continue;
    const parts = series.map((s, i) => zNorm(windowOf(s, start)).reduce((acc, z, t) => acc + (z - current[i][t]) ** 2, 0));
    const distance = parts.reduce((a, b) => a + b, 0);
    scored.push({ start, parts, distance, gaps, score: distance / (2 * m) + gaps[0] ** 2 + gaps[1] ** 2 });
  }
  scored.sort((a, b) => a.score - b.score || a.start - b.start);
  const picked: typeof scored = [];
  for (const c of scored) if (picked.length < k && picked.every((p) => Math.abs(p.start - c.start) >= m)) picked.push(c);
  return { dates, picked, scales };
}

describe.skipIf(!SHARED_PRESENT)("/macro_analog", () => {
  const harness = paidRoutes();
  const call = (query: string) => harness.call(`/macro_analog?${query}`);

  it("finds the same periods as a literal search over the four aligned series, with what followed", async () => {
    const series = ["VIX.csv", "US10Y.csv", "SPY.csv", "GOLD.csv"].map((f) => readCsv(f));
    const m = 30;
    const { dates, picked, scales } = naiveMacro(series, m, 6);
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
      expect(period.score).toBeCloseTo(want.score, 9);
      expect(period.level_gaps_sd.volatility).toBeCloseTo(want.gaps[0], 9);
      expect(period.level_gaps_sd.yield_10y).toBeCloseTo(want.gaps[1], 9);
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
    expect(body.level_features.map((f: any) => f.scale)).toEqual([expect.closeTo(scales[0], 9), expect.closeTo(scales[1], 9)]);
    // Anecdotes with a baseline beside them, not a distribution: the periods' mean against the series' own base rate.
    const evidence30 = body.evidence.find((e: any) => e.horizon_days === 30);
    expect(body.summary).toBeUndefined();
    expect(body.mode).toBe("causal");
    expect(evidence30.equity.baseline.last_date < body.current.start_date).toBe(true);
    expect(evidence30.equity.excess_over_baseline.mean).toBeCloseTo(evidence30.equity.mean_ci.mean - evidence30.equity.baseline.mean, 12);
  });

  it("matches today's levels: the top period's VIX and 10-year yield are within the documented 1 standard deviation", async () => {
    const series = ["VIX.csv", "US10Y.csv", "SPY.csv", "GOLD.csv"].map((f) => readCsv(f));
    const { status, body } = await call("lookback_days=20&k=5");
    expect(status).toBe(200);
    const dates = commonDates(series);
    const scales = [0, 1].map((i) => popStd(dates.map((d) => series[i].byDate.get(d)!)));
    const top = body.periods[0];
    const now = dates[dates.length - 1];
    for (const [i, role] of [[0, "volatility"], [1, "yield_10y"]] as const) {
      const gap = Math.abs(series[i].byDate.get(top.end_date)! - series[i].byDate.get(now)!) / scales[i];
      expect([role, gap <= 1]).toEqual([role, true]);
      expect(top.levels[role].end).toBe(series[i].byDate.get(top.end_date));
    }
    // The case: a shape-only match paired today's ~4% yield with a 0.54% one.
    expect(Math.abs(top.levels.yield_10y.end - body.current.levels.yield_10y.end)).toBeLessThan(scales[1]);
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
      // What followed a period (30 days) closes before today's window starts.
      const currentStartMs = Date.parse(`${body.current.start_date}T00:00:00Z`);
      for (const period of body.periods) expect(Date.parse(`${period.end_date}T00:00:00Z`) + 30 * DAY <= currentStartMs).toBe(true);
      const dates = commonDates(["VIX.csv", "US10Y.csv", "SPY.csv", "GOLD.csv"].map((f) => readCsv(f)));
      const positions = starts.map((d) => dates.indexOf(d)).sort((a, b) => a - b);
      for (let i = 1; i < positions.length; i++) expect(positions[i] - positions[i - 1]).toBeGreaterThanOrEqual(lookback);
      const scores = body.periods.map((p: any) => p.score);
      expect([...scores].sort((a, b) => a - b)).toEqual(scores);
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
