/**
 * alignPanel's merge (strictly ascending series) against the definition it replaced: the dates in every
 * series (set intersection), inside the window, with each series' close on them.
 */
import { describe, expect, it } from "vitest";
import { alignPanel, commonTimes, type TimedCloses } from "../../src/analytics/aligned-panel.js";
import { alignedReturns } from "../../src/analytics/aligned-returns.js";
import { mulberry32 } from "../support/seeded-rng.js";

const DAY_MS = 86_400_000;

/** A calendar of `days` days from which each day is kept with probability `keep`, and closes on it. */
function randomSeries(seed: number, days: number, keep: number): TimedCloses {
  const uniform = mulberry32(seed);
  const times: number[] = [];
  for (let d = 0; d < days; d++) if (uniform() < keep) times.push(Date.UTC(2000, 0, 1) + d * DAY_MS);
  return { timesMs: Float64Array.from(times), closes: Float64Array.from(times, () => 50 + 100 * uniform()) };
}

function byDefinition(series: readonly TimedCloses[], fromMs: number, toMs: number) {
  const shared = series
    .map((s) => new Set(s.timesMs))
    .reduce((a, b) => new Set([...a].filter((t) => b.has(t))));
  const timesMs = [...shared].filter((t) => t >= fromMs && t <= toMs).sort((a, b) => a - b);
  const closes = series.map((s) => timesMs.map((t) => s.closes[s.timesMs.indexOf(t)]));
  return { timesMs, closes };
}

function shuffled(series: TimedCloses, seed: number): TimedCloses {
  const uniform = mulberry32(seed);
  const order = Array.from(series.timesMs, (_, i) => i).sort(() => uniform() - 0.5);
  return { timesMs: Float64Array.from(order, (i) => series.timesMs[i]), closes: Float64Array.from(order, (i) => series.closes[i]) };
}

describe("alignPanel by merge", () => {
  const series = [randomSeries(1, 3000, 0.7), randomSeries(2, 3200, 0.9), randomSeries(3, 2800, 0.8)];
  const windows: [number, number][] = [
    [-Infinity, Infinity],
    [Date.UTC(2003, 5, 1), Date.UTC(2005, 0, 1)],
    [series[0].timesMs[100], series[0].timesMs[100]],
    [Date.UTC(2030, 0, 1), Infinity],
  ];

  it.each(windows)("matches the set-intersection definition within [%d, %d]", (fromMs, toMs) => {
    const panel = alignPanel(series, fromMs, toMs);
    const expected = byDefinition(series, fromMs, toMs);
    expect([...panel.timesMs]).toEqual(expected.timesMs);
    expect(panel.closes.map((c) => [...c])).toEqual(expected.closes);
  });

  it("gives the same panel and returns when a series arrives out of order (general path)", () => {
    const mixed = [series[0], shuffled(series[1], 9), series[2]];
    const ordered = alignPanel(series, Date.UTC(2001, 0, 1), Date.UTC(2006, 0, 1));
    const unordered = alignPanel(mixed, Date.UTC(2001, 0, 1), Date.UTC(2006, 0, 1));
    expect([...unordered.timesMs]).toEqual([...ordered.timesMs]);
    expect(unordered.closes.map((c) => [...c])).toEqual(ordered.closes.map((c) => [...c]));
    expect([...commonTimes(mixed)]).toEqual([...commonTimes(series)]);
    expect(alignedReturns(mixed).returns.map((r) => [...r])).toEqual(alignedReturns(series).returns.map((r) => [...r]));
  });

  it("aligns a series with itself to all of its dates, and with an empty one to nothing", () => {
    expect([...commonTimes([series[0], series[0]])]).toEqual([...series[0].timesMs]);
    expect(commonTimes([series[0], { timesMs: new Float64Array(0), closes: new Float64Array(0) }]).length).toBe(0);
    expect(commonTimes([]).length).toBe(0);
  });
});
