import { describe, expect, it } from "vitest";
import { garchWalk, mulberry32, normalSampler } from "../../test/support/seeded-rng.js";
import { computeSeriesFlags } from "./series-flags.js";
import { computeWindowStats, STATS_BLOCK_BITS, STATS_RELATIVE_ERROR, WindowKind } from "./window-stats.js";

/** Two-pass reference mean and population std of one window. */
function refStats(values: Float64Array, s: number, m: number): { mean: number; std: number } {
  let sum = 0;
  for (let i = s; i < s + m; i++) sum += values[i];
  let mean = sum / m;
  let correction = 0;
  for (let i = s; i < s + m; i++) correction += values[i] - mean;
  mean += correction / m;
  let squares = 0;
  for (let i = s; i < s + m; i++) squares += (values[i] - mean) ** 2;
  return { mean, std: Math.sqrt(squares / m) };
}

/** Largest relative error of 1/std and largest error of the mean in units of std, over normal windows. */
function worstErrors(values: Float64Array, m: number): { invStd: number; mean: number; normal: number } {
  const stats = computeWindowStats(values, computeSeriesFlags(values, undefined), m);
  let invStd = 0;
  let mean = 0;
  let normal = 0;
  for (let s = 0; s < stats.count; s++) {
    if (stats.kind[s] !== WindowKind.normal) continue;
    normal++;
    const ref = refStats(values, s, m);
    invStd = Math.max(invStd, Math.abs(stats.invStd[s] * ref.std - 1));
    const compMean = stats.shiftedMean[s] + stats.blockShift[s >> STATS_BLOCK_BITS];
    mean = Math.max(mean, Math.abs(compMean - ref.mean) / ref.std);
  }
  return { invStd, mean, normal };
}

describe("computeWindowStats accuracy (pattern-search.md §5 cases)", () => {
  const normal = normalSampler(mulberry32(99));
  const cases: [string, Float64Array][] = [
    ["daily $50", garchWalk({ length: 20_000, seed: 1, volPerBar: 0.015, startPrice: 50 })],
    ["BTC-like 15m at $60k", garchWalk({ length: 20_000, seed: 2, volPerBar: 0.0015, startPrice: 60_000 })],
    ["FX-like 1.1 with 1e-5 moves", garchWalk({ length: 20_000, seed: 3, volPerBar: 1e-5 / 1.1, startPrice: 1.1 })],
    ["1e5 level with 1e-3 noise", Float64Array.from({ length: 20_000 }, () => 1e5 + 1e-3 * normal())],
  ];
  for (const [name, values] of cases) {
    for (const m of [20, 250]) {
      it(`${name}, m=${m}: 1/std within the assumed relative error`, () => {
        const errors = worstErrors(values, m);
        expect(errors.normal).toBe(values.length - m + 1);
        expect(errors.invStd).toBeLessThan(STATS_RELATIVE_ERROR / 2);
        expect(errors.mean).toBeLessThan(1e-9);
      });
    }
  }

  it("recomputes calm windows next to a big jump exactly (ill-conditioned blocks)", () => {
    const values = new Float64Array(600);
    const noise = normalSampler(mulberry32(5));
    for (let i = 0; i < 600; i++) values[i] = (i < 300 ? 100 : 200) + 1e-9 * noise();
    const errors = worstErrors(values, 20);
    expect(errors.invStd).toBeLessThan(STATS_RELATIVE_ERROR / 2);
  });
});

describe("computeWindowStats kinds", () => {
  it("marks windows with a non-finite value or a break ineligible and flat windows constant", () => {
    const values = new Float64Array([1, 2, 3, 4, Number.NaN, 5, 6, 6, 6, 6, 7, Number.POSITIVE_INFINITY, 8, 9]);
    const breakBefore = new Uint8Array(values.length);
    breakBefore[13] = 1;
    const stats = computeWindowStats(values, computeSeriesFlags(values, breakBefore), 3);
    // Starts 0..11 (n = 14, m = 3).
    const expected = [0, 0, 2, 2, 2, 0, 1, 1, 0, 2, 2, 2];
    expect(Array.from(stats.kind)).toEqual(expected);
    expect(stats.invStd[6]).toBe(0);
    expect(stats.invStd[0]).toBeCloseTo(1 / Math.sqrt(2 / 3), 12);
  });

  it("does not treat a break at a window's first position as inside it", () => {
    const values = Float64Array.from({ length: 8 }, (_, i) => i * i);
    const breakBefore = new Uint8Array(8);
    breakBefore[4] = 1;
    const stats = computeWindowStats(values, computeSeriesFlags(values, breakBefore), 4);
    expect(Array.from(stats.kind)).toEqual([0, 2, 2, 2, 0]);
  });

  it("has no windows when the series is shorter than m", () => {
    const values = new Float64Array(3);
    expect(computeWindowStats(values, computeSeriesFlags(values, undefined), 4).count).toBe(0);
  });
});
