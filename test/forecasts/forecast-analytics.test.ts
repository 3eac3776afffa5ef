import { describe, expect, it } from "vitest";
import type { Analog } from "../../src/analytics/analog-search.js";
import { forwardDistribution, horizonCloseIndex } from "../../src/analytics/forward-distribution.js";
import { kellySizing, LEVERAGE_CAP } from "../../src/analytics/kelly-sizing.js";
import { toPriceSeries } from "../../src/analytics/price-series.js";
import { regimeLabel } from "../../src/analytics/regime-label.js";
import { describeReturns, selectIndependent } from "../../src/analytics/return-distribution.js";
import { returnProfileBacktest } from "../../src/analytics/walk-forward-backtest.js";

const DAY = 86_400_000;
const MONDAY = Date.UTC(2024, 0, 1);

/** Weekday bars from 2024-01-01 (a Monday) with the given closes; `skipDays` inserts a closure before bar i. */
function weekdaySeries(closes: number[], skipDays: Record<number, number> = {}) {
  const times: number[] = [];
  let t = MONDAY;
  closes.forEach((_, i) => {
    if (i > 0) {
      t += DAY;
      while ([0, 6].includes(new Date(t).getUTCDay())) t += DAY;
      t += (skipDays[i] ?? 0) * DAY;
    }
    times.push(t);
  });
  return toPriceSeries("TEST", "1d", times.map((tsMs, i) => ({ tsMs, open: closes[i], high: closes[i], low: closes[i], close: closes[i], volume: null })));
}

const plainAnalog = (start: number, m: number): Analog => ({
  indices: Array.from({ length: m }, (_, i) => start + i),
  similarity: 0,
  distance: 0,
  wrapped: false,
  matchReturn: 0,
});

describe("forecast analytics on hand-checked cases", () => {
  it("finds the close that stands for a calendar horizon, and refuses stale or missing ones", () => {
    const s = weekdaySeries([100, 101, 102, 103, 104, 105, 106, 107, 108, 109]); // Mon 1 .. Fri 12 Jan
    expect(horizonCloseIndex(s, 0, 1)).toEqual({ index: 1, status: "counted" });
    expect(horizonCloseIndex(s, 4, 1)).toEqual({ index: null, status: "no_close_at_horizon" }); // Friday + 1 day = Saturday
    expect(horizonCloseIndex(s, 4, 3)).toEqual({ index: 5, status: "counted" }); // Friday + 3 = Monday
    expect(horizonCloseIndex(s, 3, 3)).toEqual({ index: 4, status: "counted" }); // Thursday + 3 = Sunday: Friday's close
    expect(horizonCloseIndex(s, 9, 1)).toEqual({ index: null, status: "beyond_history" });
    const gap = weekdaySeries([100, 101, 102, 103, 104, 105], { 3: 14 }); // two weeks missing before bar 3
    expect(horizonCloseIndex(gap, 1, 10)).toEqual({ index: null, status: "no_close_at_horizon" });
  });

  it("describes a sample with type-7 percentiles and counts only positive outcomes as hits", () => {
    const stats = describeReturns([0.2, -0.1, 0, 0.1]);
    expect(stats.n).toBe(4);
    expect(stats.mean).toBeCloseTo(0.05, 15);
    expect(stats.hitRate).toBe(0.5);
    expect(stats.p10).toBeCloseTo(-0.07, 15); // h = 0.3: -0.1 + 0.3 * 0.1
    expect(stats.p50).toBeCloseTo(0.05, 15);
    expect(stats.p90).toBeCloseTo(0.17, 15); // h = 2.7: 0.1 + 0.7 * 0.1
    expect([stats.min, stats.max]).toEqual([-0.1, 0.2]);
    expect(describeReturns([0.3])).toMatchObject({ n: 1, std: null, p10: 0.3, p90: 0.3 });
    expect(describeReturns([])).toMatchObject({ n: 0, mean: null, hitRate: null, p50: null });
  });

  it("keeps the most spans that share no return, letting them touch", () => {
    const spans = [
      { start: 0, end: 5 },
      { start: 3, end: 6 },
      { start: 5, end: 8 },
      { start: 8, end: 9 },
      { start: 1, end: 2 },
    ];
    expect(selectIndependent(spans)).toEqual([4, 1, 3]); // [1,2], [3,6], [8,9]: earliest end first
  });

  it("marks an analog whose outcome runs into the query window, and counts the rest", () => {
    const closes = Array.from({ length: 40 }, (_, i) => 100 + i);
    const s = weekdaySeries(closes);
    // Query at bars 20..24; analog A at 10..14 ends Friday 19 Jan, its 7-day close is bar 19 (before the query):
    // counted; analog B at 14..18 ends Thursday 25 Jan, 7 days later is bar 23, inside the query: overlaps.
    const result = forwardDistribution(s, [plainAnalog(10, 5), plainAnalog(14, 5)], 5, 20, [7]);
    expect(result.outcomes.map((row) => row[0].status)).toEqual(["counted", "overlaps_query"]);
    expect(result.outcomes[0][0].forwardReturn).toBeCloseTo(119 / 114 - 1, 15);
    expect(result.horizons[0].stats.n).toBe(1);
  });

  it("sizes the lower confidence bound of the expected return, clamped to the leverage cap, halved and scaled", () => {
    const volatility = { queryDaily: 0.02, analogsMedianDaily: 0.01 };
    const size = (outcomes: number[], confidence = 0.5) =>
      kellySizing({ rescaled: outcomes, rescaledIndependent: outcomes, skewness: null, designEffect: 1, volatility, confidence, accountSizeUsd: 1000, lastClose: 50 });
    const outcomes = [0.5, -0.05, 0.2, 0.3, 0.1];
    // By hand: mean 0.21, sample variance 0.043 (squares 0.0841 + 0.0676 + 0.0001 + 0.0081 + 0.0121 over 4), t(0.95, 4) = 2.131847.
    const mean = 0.21;
    const variance = 0.043;
    const low = mean - 2.131847 * Math.sqrt(variance / 5);
    const modest = size(outcomes);
    expect(modest.expectedReturn).toBeCloseTo(mean, 15);
    expect(modest.variance).toBeCloseTo(variance, 15);
    expect(modest.interval!.low).toBeCloseTo(low, 6);
    expect(modest.shrunkReturn).toBeCloseTo(low, 6);
    expect(modest.shrink).toBeCloseTo(low / mean, 6);
    expect(modest.kellyRaw).toBeCloseTo(mean / variance, 9);
    expect(modest.fullFraction).toBeCloseTo(low / variance, 5);
    expect(modest.halfFraction).toBeCloseTo(low / variance / 2, 5);
    expect(modest.adjustedFraction).toBeCloseTo(low / variance / 4, 5);
    expect(modest.dollarSize).toBeCloseTo((1000 * low) / variance / 4, 2);
    const p10 = describeReturns(outcomes).p10!;
    expect(modest.stop!.price).toBeCloseTo(50 * (1 + p10), 12);
    expect(modest.riskAtStopUsd).toBeCloseTo(modest.dollarSize * Math.max(0, -p10), 9);
    // Shifted up, the lower bound outgrows the variance: capped.
    const strong = size(outcomes.map((x) => x + 0.2), 1);
    expect([strong.fullFraction, strong.adjustedFraction]).toEqual([LEVERAGE_CAP, LEVERAGE_CAP / 2]);
    expect(strong.reason).toContain("leverage cap");
    // A positive mean whose lower bound is below zero sizes nothing; so does a negative mean (long only).
    expect(size([0.1, -0.09, 0.02, -0.03, 0.01], 1).fullFraction).toBe(0);
    expect(size(outcomes.map((x) => -x), 1)).toMatchObject({ fullFraction: 0, shrink: 0 });
    expect(modest.fullFraction).toBeGreaterThan(0.2); // the case above is neither capped nor zero
    // Four outcomes are below the interval minimum: no interval, no size, and the reason says why.
    const thin = size([0.1, 0.2, 0.15, 0.12], 1);
    expect([thin.interval, thin.fullFraction, thin.dollarSize]).toEqual([null, 0, 0]);
    expect(thin.reason).toContain("too few");
    expect(size([], 1)).toMatchObject({ expectedReturn: null, kellyRaw: null, dollarSize: 0, shrink: 0 });
  });

  it("labels a steady climb an uptrend and a flat-then-wild stretch high volatility", () => {
    // Alternating +3% / -1% daily: a clear drift against a small spread.
    const climb = [100];
    for (let i = 1; i < 80; i++) climb.push(climb[i - 1] * (i % 2 === 1 ? 1.03 : 0.99));
    expect(regimeLabel(weekdaySeries(climb), 79, 20).trend).toBe("uptrend");
    const wild = [100];
    for (let i = 1; i < 80; i++) wild.push(wild[i - 1] * (i < 60 ? (i % 2 === 1 ? 1.001 : 0.999) : i % 2 === 1 ? 1.1 : 0.9));
    const label = regimeLabel(weekdaySeries(wild), 79, 10);
    expect([label.trend, label.volatility]).toEqual(["range", "high"]);
    expect(label.volPercentile).toBeGreaterThan(0.8);
  });

  it("fires a profile on the bar its trigger completes and leaves the unknown future pending", () => {
    const s = weekdaySeries([100, 100, 120, 121, 100, 130, 131]);
    const result = returnProfileBacktest(s, { lookbackBars: 1, forwardBars: 2, minReturn: 0.15 });
    // Triggers: bar 2 (+20%) and bar 5 (+30%); bar 2's outcome is 100/120 - 1, bar 5 has no bar 7 yet.
    expect(result.completed.map((e) => e.index)).toEqual([2]);
    expect(result.completed[0].lookbackReturn).toBeCloseTo(0.2, 15);
    expect(result.completed[0].forwardReturn).toBeCloseTo(100 / 120 - 1, 15);
    expect(result.pending.map((e) => [e.index, e.forwardReturn])).toEqual([[5, null]]);
    expect(result.pending[0].lookbackReturn).toBeCloseTo(0.3, 15);
    expect(result.baselineStats.n).toBe(4); // bars 1 to 4 have a bar two later
  });
});
