import { describe, expect, it } from "vitest";
import { alignedReturns } from "../../src/analytics/aligned-returns.js";
import { anchoredMove, outcomeDistribution } from "../../src/analytics/anchored-outcomes.js";
import { correlationMatrix, diversification, pearson } from "../../src/analytics/correlation.js";
import { leadLag } from "../../src/analytics/lead-lag.js";
import { findMultivariateAnalogs } from "../../src/analytics/multivariate-analogs.js";
import { toPriceSeries } from "../../src/analytics/price-series.js";
import { concurrentRange } from "../../src/analytics/cross-series-analogs.js";

const DAY = 86_400_000;
const T0 = Date.UTC(2024, 0, 1); // a Monday

/** A daily series from day offsets and closes. */
function daily(ticker: string, days: number[], closes: number[]) {
  return toPriceSeries(ticker, "1d", days.map((d, i) => ({ tsMs: T0 + d * DAY, open: closes[i], high: closes[i], low: closes[i], close: closes[i], volume: null })));
}

describe("aligned returns", () => {
  it("keeps only the dates every series has and returns from one shared date to the next", () => {
    const a = daily("A", [0, 1, 2, 3, 4], [10, 11, 12, 13, 14]);
    const b = daily("B", [0, 2, 3, 4, 5], [20, 22, 24, 26, 28]);
    const r = alignedReturns([a, b]);
    expect(Array.from(r.timesMs, (t) => (t - T0) / DAY)).toEqual([2, 3, 4]);
    expect(r.firstMs).toBe(T0);
    expect(Array.from(r.returns[0])).toEqual([12 / 10 - 1, 13 / 12 - 1, 14 / 13 - 1]);
    expect(Array.from(r.returns[1])).toEqual([22 / 20 - 1, 24 / 22 - 1, 26 / 24 - 1]);
    expect(Array.from(alignedReturns([a, b], T0 + DAY, T0 + 4 * DAY).timesMs, (t) => (t - T0) / DAY)).toEqual([3]);
  });

  it("drops a step for every series when one price is not positive, and skips steps across a data hole", () => {
    const a = daily("A", [0, 1, 2, 3, 10, 11], [10, -5, 12, 13, 14, 15]);
    const b = daily("B", [0, 1, 2, 3, 10, 11], [20, 21, 22, 23, 24, 25]);
    const r = alignedReturns([a, b]);
    expect([r.droppedReturns, r.skippedSteps]).toEqual([2, 1]);
    expect(Array.from(r.timesMs, (t) => (t - T0) / DAY)).toEqual([3, 11]);
    expect(Array.from(r.returns[1])).toEqual([23 / 22 - 1, 25 / 24 - 1]);
  });
});

describe("correlation and diversification", () => {
  it("gives +1, -1 and undefined in the textbook cases", () => {
    expect(pearson([1, 2, 3], [2, 4, 6])).toBe(1);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBe(-1);
    expect(pearson([1, 2, 3], [5, 5, 5])).toBeNull();
    expect(correlationMatrix([[1, 2, 3], [5, 5, 5]])).toEqual([[1, null], [null, null]]);
  });

  it("scores two assets at r = 0.5 as 0.5 with 1.6 effective bets (eigenvalues 1.5 and 0.5)", () => {
    const d = diversification([[1, 0.5], [0.5, 1]]);
    expect(d.score).toBeCloseTo(0.5, 15);
    expect(d.effectiveBets).toBeCloseTo((1.5 + 0.5) ** 2 / (1.5 ** 2 + 0.5 ** 2), 15);
    expect(diversification([[1, 0], [0, 1]]).effectiveBets).toBe(2);
    expect(diversification([[1, 1], [1, 1]]).effectiveBets).toBe(1);
  });
});

describe("lead-lag", () => {
  it("finds lag +2 with correlation 1 when the second series repeats the first two days later", () => {
    const first = Float64Array.from([0.01, -0.02, 0.03, 0.005, -0.01, 0.02, -0.015, 0.007, 0.012, -0.004, 0.02, -0.03]);
    const second = new Float64Array(first.length);
    for (let t = 0; t + 2 < first.length; t++) second[t + 2] = first[t];
    second[0] = 0.004;
    second[1] = -0.006;
    const result = leadLag(first, second, 5);
    expect(result.byLag.map((l) => l.lagDays)).toEqual([-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5]);
    expect(result.best!.lagDays).toBe(2);
    expect(result.best!.correlation).toBeCloseTo(1, 12);
    expect(result.best!.n).toBe(first.length - 2);
    expect(result.lag0.lagDays).toBe(0);
  });
});

describe("joint-state analogs", () => {
  it("finds exact repeats of the current joint shape, never overlapping, and skips windows across a gap", () => {
    // Series 1 repeats [1,3,2,5] every 4 steps; series 2 is its mirror; the current window (last 4) is one more repeat.
    const base = [1, 3, 2, 5];
    const s1 = Float64Array.from({ length: 16 }, (_, i) => base[i % 4]);
    const s2 = Float64Array.from(s1, (v) => 10 - v);
    const open = findMultivariateAnalogs([s1, s2], new Uint8Array(16), 4, 5);
    expect(open.currentStart).toBe(12);
    expect(open.analogs.map((a) => a.start)).toEqual([0, 4, 8]);
    expect(open.analogs.every((a) => a.distance < 1e-12)).toBe(true);
    const breaks = new Uint8Array(16);
    breaks[9] = 1; // the windows starting at 6, 7 and 8 span it
    const gapped = findMultivariateAnalogs([s1, s2], breaks, 4, 5);
    // The exact repeat at 8 spans the gap; every other window overlaps a pick.
    expect(gapped.analogs.map((a) => a.start)).toEqual([0, 4]);
    // Per-series distances: only the series whose current window was altered contributes.
    const shifted = findMultivariateAnalogs([s1, Float64Array.from(s1, (v, i) => (i === 13 ? 9 : 10 - v))], new Uint8Array(16), 4, 1);
    expect(shifted.analogs[0].distanceBySeries[0]).toBeLessThan(1e-12);
    expect(shifted.analogs[0].distanceBySeries[1]).toBeGreaterThan(0.1);
  });
});

describe("anchored moves", () => {
  const s = daily("S", [0, 1, 2, 3, 4, 7, 8, 9, 10, 11, 14], [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110]);

  it("measures from the last close on or before the anchor to the last close on or before the horizon", () => {
    expect(anchoredMove(s, T0 + 5 * DAY, 7)).toBeCloseTo(109 / 104 - 1, 15); // Saturday anchor -> Friday close, horizon Saturday -> Friday
    expect(anchoredMove(s, T0 + 4 * DAY, 3, "change")).toBe(105 - 104);
  });

  it("is unknown for a stale anchor, an unreached horizon, or no new close inside it", () => {
    const gappy = daily("G", [0, 10, 20], [1, 2, 3]);
    expect(anchoredMove(gappy, T0 + 6 * DAY, 7)).toBeNull(); // last close 6 days old
    expect(anchoredMove(s, T0 + 10 * DAY, 7)).toBeNull(); // history ends before day 17
    expect(anchoredMove(s, T0 + 11 * DAY, 1)).toBeNull(); // the next bar is day 14: nothing new by day 12
  });

  it("summarises outcomes with type-7 percentiles and leaves unknowns out of n", () => {
    const d = outcomeDistribution([0.1, null, -0.2, 0.3, 0]);
    expect(d.n).toBe(4);
    expect(d.mean).toBeCloseTo(0.05, 15);
    expect(d.p50).toBeCloseTo(0.05, 15);
    expect(d.p10).toBeCloseTo(-0.2 + 0.3 * 0.2, 15);
    expect(d.hitRate).toBe(0.5);
    expect(outcomeDistribution([null]).mean).toBeNull();
  });
});

describe("concurrent windows of another series", () => {
  it("are those starting by the query's last day and ending less than the horizon before its first day, or later", () => {
    const s = daily("B", Array.from({ length: 40 }, (_, i) => i), Array.from({ length: 40 }, (_, i) => 100 + i));
    // Query days 20..24, horizon 5 days, windows of 3 bars: a window ending on day e is concurrent when e > 15 and it starts by day 24.
    const [a, b] = concurrentRange(s, 3, T0 + 20 * DAY, T0 + 24 * DAY, 5)!;
    const excluded = (start: number) => a - 3 < start && start < b;
    const byDefinition = (start: number) => start <= 24 && start + 2 > 15;
    for (let start = 0; start + 3 <= 40; start++) expect([start, excluded(start)]).toEqual([start, byDefinition(start)]);
    expect(concurrentRange(s, 3, T0 + 100 * DAY, T0 + 110 * DAY, 5)).toBeUndefined();
  });
});
