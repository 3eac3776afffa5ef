import { describe, expect, it } from "vitest";
import { describeMismatch, naiveSearch, type NaiveOptions } from "../../test/reference/naive-search.js";
import { garchWalk, mulberry32, randomInt } from "../../test/support/seeded-rng.js";
import { prepareSeries } from "./prepared-series.js";
import type { SearchOptions } from "./search-options.js";
import { searchSeries, searchSeriesWindow } from "./search-series.js";

type Variant = Pick<SearchOptions, "metric" | "algorithm">;
const VARIANTS: Variant[] = [
  { metric: "l2", algorithm: "direct" },
  { metric: "l2", algorithm: "mass" },
  { metric: "l2", algorithm: "auto" },
  { metric: "l1" },
];

function variantName(v: Variant): string {
  return `${v.metric}/${v.algorithm ?? "auto"}`;
}

/** Runs every variant and the oracle; fails with the first difference. */
function expectAllMatchOracle(
  values: Float64Array,
  query: Float64Array,
  options: Omit<NaiveOptions, "metric">,
  breakBefore?: Uint8Array,
): void {
  const series = prepareSeries(values, breakBefore);
  for (const variant of VARIANTS) {
    const ref = naiveSearch({ values, breakBefore }, query, { ...options, metric: variant.metric });
    const comp = searchSeries(series, query, { ...options, ...variant });
    const mismatch = describeMismatch(ref, comp);
    expect(mismatch, `${variantName(variant)} ${JSON.stringify(options)}`).toBeNull();
  }
}

/** A GARCH walk with optional NaNs, flat (forward-filled) stretches and gaps. */
function scenario(
  seed: number,
  n: number,
  extras: { nan?: number[]; flat?: [number, number][]; breaks?: number[] } = {},
): { values: Float64Array; breakBefore: Uint8Array | undefined } {
  const values = garchWalk({ length: n, seed, volPerBar: 0.015 });
  for (const [start, length] of extras.flat ?? []) values.fill(values[start], start, Math.min(n, start + length));
  for (const i of extras.nan ?? []) values[i] = Number.NaN;
  let breakBefore: Uint8Array | undefined;
  if (extras.breaks) {
    breakBefore = new Uint8Array(n);
    for (const i of extras.breaks) breakBefore[i] = 1;
  }
  return { values, breakBefore };
}

describe("searchSeries on hand-made series", () => {
  it("finds exact copies of a motif at distance exactly 0 and a rescaled copy at ~0", () => {
    const motif = [1, 2, 3, 2, 1];
    const values = new Float64Array([...motif, 7, 7, ...motif.map((v) => v * 10 + 3), 0, ...motif, 4]);
    const query = new Float64Array(motif);
    for (const variant of VARIANTS) {
      const matches = searchSeries(prepareSeries(values), query, { k: 3, ...variant });
      const byStart = new Map(matches.map((m) => [m.start, m.distance]));
      expect([...byStart.keys()].sort((a, b) => a - b), variantName(variant)).toEqual([0, 7, 13]);
      expect(byStart.get(0)).toBe(0);
      expect(byStart.get(13)).toBe(0);
      expect(byStart.get(7)).toBeLessThan(1e-7);
    }
  });

  it("excludes the query's own range and windows overlapping it", () => {
    const values = new Float64Array([5, 1, 2, 3, 2, 1, 9, 1, 2, 3, 2, 1, 4, 8]);
    const query = values.slice(1, 6);
    const matches = searchSeries(prepareSeries(values), query, { k: 5, metric: "l2", excludeRange: [1, 6] });
    expect(matches[0]).toEqual({ start: 7, distance: 0, wrapped: false, seriesIndex: 0 });
    for (const match of matches) expect(match.start + 5 <= 1 || match.start >= 6).toBe(true);
  });

  it("applies the constant policy: 0 for flat-vs-flat, sqrt(m) for exactly one flat side", () => {
    const values = new Float64Array([3, 3, 3, 3, 1, 2, 4, 8, 5, 5, 5, 5, 9, 1]);
    const flatQuery = new Float64Array([6, 6, 6, 6]);
    const l2 = searchSeries(prepareSeries(values), flatQuery, { k: 3, metric: "l2" });
    expect(l2.map((m) => [m.start, m.distance])).toEqual([
      [0, 0],
      [8, 0],
      [4, 2],
    ]);
    const shapedQuery = new Float64Array([1, 2, 3, 5]);
    const onlyFlat = searchSeries(prepareSeries(new Float64Array([2, 2, 2, 2, 2])), shapedQuery, { k: 1, metric: "l2" });
    expect(onlyFlat[0].distance).toBe(2);
    const l1 = searchSeries(prepareSeries(new Float64Array([2, 2, 2, 2, 2])), shapedQuery, { k: 1, metric: "l1" });
    const z = [-1.1832159566199232, -0.50709255283711, 0.16903085094570333, 1.52127765851133];
    expect(l1[0].distance).toBeCloseTo(z.reduce((a, v) => a + Math.abs(v), 0), 12);
  });

  it("breaks exact ties by the lower start (duplicated data)", () => {
    // Two copies of the same history with a gap between them: every window has a twin 200 bars later
    // with bit-identical values, so matches must come in (start, start + 200) pairs of equal distance.
    const half = garchWalk({ length: 200, seed: 5, volPerBar: 0.02 });
    const values = new Float64Array(400);
    values.set(half, 0);
    values.set(half, 200);
    const breakBefore = new Uint8Array(400);
    breakBefore[200] = 1;
    const query = garchWalk({ length: 30, seed: 6, volPerBar: 0.02 });
    for (const variant of VARIANTS) {
      const matches = searchSeries(prepareSeries(values, breakBefore), query, { k: 8, ...variant });
      expect(matches).toHaveLength(8);
      for (let i = 0; i < 8; i += 2) {
        expect(matches[i + 1].start, variantName(variant)).toBe(matches[i].start + 200);
        expect(matches[i + 1].distance).toBe(matches[i].distance);
      }
    }
    expectAllMatchOracle(values, query, { k: 8 }, breakBefore);
    expectAllMatchOracle(values, half.slice(50, 80), { k: 6 });
  });

  it("never returns a window holding a NaN or spanning a break", () => {
    const { values, breakBefore } = scenario(11, 120, { nan: [30], breaks: [60, 90] });
    const query = values.slice(0, 10);
    const matches = searchSeries(prepareSeries(values, breakBefore), query, { k: 20, metric: "l2", excludeRange: [0, 10] });
    expect(matches.length).toBeGreaterThan(3);
    for (const { start } of matches) {
      expect(start > 30 || start + 10 <= 30).toBe(true);
      for (const gap of [60, 90]) expect(start >= gap || start + 10 <= gap).toBe(true);
    }
    expectAllMatchOracle(values, query, { k: 20, excludeRange: [0, 10] }, breakBefore);
  });

  it("returns fewer than k matches when the series has no more room", () => {
    const values = garchWalk({ length: 25, seed: 3, volPerBar: 0.01 });
    const matches = searchSeries(prepareSeries(values), values.slice(0, 10), { k: 5, metric: "l2" });
    expect(matches).toHaveLength(2);
    expect(matches[0].start).toBe(0);
    expectAllMatchOracle(values, values.slice(0, 10), { k: 5 });
  });

  it("handles a query as long as the series", () => {
    const values = garchWalk({ length: 12, seed: 4, volPerBar: 0.01 });
    expectAllMatchOracle(values, values.slice(), { k: 3 });
    expectAllMatchOracle(values, values.slice(), { k: 3, wrap: true });
  });
});

describe("searchSeries against the naive oracle on seeded series", () => {
  const lengths = [300, 1000];
  const windowLengths = [2, 3, 7, 16, 40, 100];
  for (const n of lengths) {
    for (const m of windowLengths) {
      it(`n=${n} m=${m}: plain, excluded, causal, wrapped, with NaN/flat/gaps`, () => {
        const rand = mulberry32(n * 1000 + m);
        const { values, breakBefore } = scenario(n + m, n, {
          nan: [0, randomInt(rand, n), n - 1],
          flat: [[randomInt(rand, n - 2 * m), m + 5]],
          breaks: [randomInt(rand, n), randomInt(rand, n)],
        });
        let q0 = randomInt(rand, n - m);
        while (values.subarray(q0, q0 + m).some((v) => Number.isNaN(v))) q0 = randomInt(rand, n - m);
        const query = values.slice(q0, q0 + m);
        const excludeRange: [number, number] = [q0, q0 + m];
        expectAllMatchOracle(values, query, { k: 1 }, breakBefore);
        expectAllMatchOracle(values, query, { k: 10 }, breakBefore);
        expectAllMatchOracle(values, query, { k: 7, excludeRange }, breakBefore);
        expectAllMatchOracle(values, query, { k: 5, endBefore: Math.floor(n / 2), excludeRange }, breakBefore);
        expectAllMatchOracle(values, query, { k: 8, wrap: true, excludeRange }, breakBefore);
        expectAllMatchOracle(values, query, { k: 8, wrap: true }, breakBefore);
        // A query from elsewhere (not in the series) and a flat query.
        const foreign = garchWalk({ length: m, seed: m + 17, volPerBar: 0.03 });
        expectAllMatchOracle(values, foreign, { k: 6, wrap: true }, breakBefore);
        expectAllMatchOracle(values, new Float64Array(m).fill(42), { k: 4 }, breakBefore);
      });
    }
  }
});

describe("searchSeries on random small configurations", () => {
  it("equals the oracle on 150 random series, queries and option sets", () => {
    const rand = mulberry32(77);
    for (let trial = 0; trial < 150; trial++) {
      const n = 8 + randomInt(rand, 250);
      const m = 2 + randomInt(rand, Math.min(40, n - 1));
      const extras = {
        nan: Array.from({ length: randomInt(rand, 3) }, () => randomInt(rand, n)),
        flat: Array.from({ length: randomInt(rand, 3) }, (): [number, number] => [randomInt(rand, n), 1 + randomInt(rand, 2 * m)]),
        breaks: Array.from({ length: randomInt(rand, 3) }, () => randomInt(rand, n)),
      };
      const { values, breakBefore } = scenario(trial, n, extras);
      // Coarse rounding creates exact ties between different windows.
      if (trial % 4 === 0) for (let i = 0; i < n; i++) values[i] = Math.round(values[i] * 4) / 4;
      const q0 = randomInt(rand, n - m + 1);
      const ownWindow = values.slice(q0, q0 + m);
      const query = ownWindow.every(Number.isFinite) ? ownWindow : garchWalk({ length: m, seed: trial, volPerBar: 0.02 });
      const options: Omit<NaiveOptions, "metric"> = { k: 1 + randomInt(rand, 8) };
      if (rand() < 0.5) options.excludeRange = [q0, q0 + m];
      if (rand() < 0.3) options.endBefore = randomInt(rand, n + 1);
      if (rand() < 0.4) options.wrap = true;
      expectAllMatchOracle(values, query, options, breakBefore);
    }
  });

  it("returns nothing from a series without a finite window", () => {
    const values = new Float64Array(30).fill(Number.NaN);
    for (const variant of VARIANTS) {
      expect(searchSeries(prepareSeries(values), new Float64Array([1, 2, 3]), { k: 3, ...variant })).toEqual([]);
    }
  });
});

describe("wrap", () => {
  it("admits seam-spanning windows only with wrap: true and marks them", () => {
    // A series whose end continues smoothly into its start: the best matches straddle the seam.
    const n = 64;
    const values = Float64Array.from({ length: n }, (_, i) => Math.sin((2 * Math.PI * i) / n) + 0.01 * ((i * 7) % 5));
    const query = Float64Array.from({ length: 16 }, (_, j) => Math.sin((2 * Math.PI * (j + 56)) / n));
    const off = searchSeries(prepareSeries(values), query, { k: 3, metric: "l2" });
    expect(off.every((m) => !m.wrapped && m.start <= n - 16)).toBe(true);
    const on = searchSeries(prepareSeries(values), query, { k: 3, metric: "l2", wrap: true });
    expect(on[0].wrapped).toBe(true);
    expect(on[0].start).toBeGreaterThan(n - 16);
    expectAllMatchOracle(values, query, { k: 3, wrap: true });
  });

  it("keeps wrapped windows off an excluded range at the start of the series (circular occupancy)", () => {
    // A periodic series: every window, wrapped or not, matches the query equally well. Each wrapped window's
    // head occupies positions from 0, so all of them overlap the excluded [0, 10).
    const values = Float64Array.from({ length: 64 }, (_, i) => Math.sin((2 * Math.PI * i) / 16) + 0.001 * (i % 3));
    const query = values.slice(0, 10);
    for (const variant of VARIANTS) {
      const matches = searchSeries(prepareSeries(values), query, { k: 10, ...variant, wrap: true, excludeRange: [0, 10] });
      expect(matches.length).toBeGreaterThan(2);
      expect(matches.some((m) => m.wrapped), variantName(variant)).toBe(false);
    }
    expectAllMatchOracle(values, query, { k: 10, wrap: true, excludeRange: [0, 10] });
    // Excluding a range in the middle of the series leaves the wrapped windows admissible.
    const middle = searchSeries(prepareSeries(values), values.slice(30, 40), { k: 10, metric: "l2", wrap: true, excludeRange: [30, 40] });
    expect(middle.some((m) => m.wrapped)).toBe(true);
    expectAllMatchOracle(values, values.slice(30, 40), { k: 10, wrap: true, excludeRange: [30, 40] });
  });

  it("rejects wrapped windows that cross a gap or a NaN in either part, and any under endBefore", () => {
    const values = garchWalk({ length: 50, seed: 9, volPerBar: 0.02 });
    values[44] = Number.NaN;
    // Wrapped starts 46..49: 46 crosses the break before 47, 49 the break before 3 and 45 holds the NaN;
    // 47 (47..49 + 0..1) and 48 (48..49 + 0..2) are eligible.
    const breakBefore = new Uint8Array(50);
    breakBefore[47] = 1;
    breakBefore[3] = 1;
    const query = new Float64Array([values[47], values[48], values[49], values[0], values[1]]);
    const matches = searchSeries(prepareSeries(values, breakBefore), query, { k: 20, metric: "l2", wrap: true });
    expect(matches[0]).toEqual({ start: 47, distance: 0, wrapped: true, seriesIndex: 0 });
    for (const m of matches.filter((x) => x.wrapped)) expect([47, 48]).toContain(m.start);
    expectAllMatchOracle(values, query, { k: 20, wrap: true }, breakBefore);
    const causal = searchSeries(prepareSeries(values), query, { k: 20, metric: "l2", wrap: true, endBefore: 50 });
    expect(causal.some((m) => m.wrapped)).toBe(false);
  });
});

describe("lengths around powers of two (FFT chunk padding)", () => {
  for (const j of [6, 8, 10, 11]) {
    for (const delta of [-1, 0, 1]) {
      const n = 2 ** j + delta;
      it(`n=${n}`, () => {
        const values = garchWalk({ length: n, seed: n, volPerBar: 0.01 });
        for (const m of [3, 17, 33]) {
          if (m > n) continue;
          expectAllMatchOracle(values, values.slice(n - m), { k: 5, excludeRange: [n - m, n] });
          expectAllMatchOracle(values, values.slice(0, m), { k: 5 });
        }
      });
    }
  }
});

describe("searchSeriesWindow (rolling and walk-forward use)", () => {
  it("equals the oracle with the window's own range excluded, causal or not", () => {
    const { values, breakBefore } = scenario(21, 800, { nan: [400], breaks: [600] });
    const series = prepareSeries(values, breakBefore);
    for (const [start, m] of [
      [700, 20],
      [300, 60],
      [120, 20],
      [40, 5],
    ]) {
      const query = values.slice(start, start + m);
      for (const causal of [false, true]) {
        for (const metric of ["l2", "l1"] as const) {
          const comp = searchSeriesWindow(series, start, m, { k: 6, metric, causal });
          const ref = naiveSearch({ values, breakBefore }, query, {
            k: 6,
            metric,
            excludeRange: [start, start + m],
            endBefore: causal ? start : undefined,
          });
          expect(describeMismatch(ref, comp), `${start}/${m}/${causal}/${metric}`).toBeNull();
          if (causal) for (const match of comp) expect(match.start + m).toBeLessThanOrEqual(start);
        }
      }
    }
  });

  it("rejects a query window outside the series or holding a NaN", () => {
    const values = garchWalk({ length: 100, seed: 2, volPerBar: 0.01 });
    values[50] = Number.NaN;
    const series = prepareSeries(values);
    expect(() => searchSeriesWindow(series, 95, 10, { k: 1, metric: "l2" })).toThrow(RangeError);
    expect(() => searchSeriesWindow(series, 45, 10, { k: 1, metric: "l2" })).toThrow(/non-finite/);
    expect(() => searchSeriesWindow(series, 0, 1, { k: 1, metric: "l2" })).toThrow(RangeError);
  });
});

describe("input validation", () => {
  const series = prepareSeries(garchWalk({ length: 100, seed: 1, volPerBar: 0.01 }));
  const query = series.values.slice(0, 10);

  it("throws RangeError for bad k, short queries and queries longer than the series", () => {
    expect(() => searchSeries(series, query, { k: 0, metric: "l2" })).toThrow(RangeError);
    expect(() => searchSeries(series, query, { k: 1.5, metric: "l2" })).toThrow(/k must be an integer/);
    expect(() => searchSeries(series, new Float64Array([1]), { k: 1, metric: "l2" })).toThrow(/at least 2/);
    expect(() => searchSeries(series, new Float64Array(101), { k: 1, metric: "l2" })).toThrow(/only 100/);
  });

  it("throws TypeError for non-finite query values and bad metrics", () => {
    const bad = query.slice();
    bad[3] = Number.POSITIVE_INFINITY;
    expect(() => searchSeries(series, bad, { k: 1, metric: "l2" })).toThrow(TypeError);
    expect(() => searchSeries(series, query, { k: 1, metric: "l3" as "l2" })).toThrow(TypeError);
  });

  it("validates ranges, endBefore, algorithm and breakBefore", () => {
    expect(() => searchSeries(series, query, { k: 1, metric: "l2", excludeRange: [5, 5] })).toThrow(RangeError);
    expect(() => searchSeries(series, query, { k: 1, metric: "l2", excludeRange: [90, 101] })).toThrow(RangeError);
    expect(() => searchSeries(series, query, { k: 1, metric: "l2", endBefore: -1 })).toThrow(RangeError);
    expect(() => searchSeries(series, query, { k: 1, metric: "l1", algorithm: "mass" })).toThrow(RangeError);
    expect(() => prepareSeries(new Float64Array(5), new Uint8Array(4))).toThrow(RangeError);
  });

  it("allows a constant query and returns nothing when endBefore leaves no window", () => {
    expect(searchSeries(series, new Float64Array(10).fill(1), { k: 2, metric: "l2" })).toHaveLength(2);
    expect(searchSeries(series, query, { k: 2, metric: "l2", endBefore: 9 })).toEqual([]);
  });
});
