/**
 * The wasm kernels against the naive oracle. The first part re-runs the whole search-series and
 * search-many suites with the kernels active (their "auto" L2 and L1 variants then run in wasm; "direct"
 * and "mass" stay on JS, so every case also compares the two paths through the same oracle). The second
 * part covers what small cases cannot: long series where the seed bound and the segment pruning engage,
 * price levels and volatilities that stress rounding, and the switch back to JS.
 */
import { describe, expect, it } from "vitest";
import { describeMismatch, naiveSearch, naiveSearchMany } from "../../test/reference/naive-search.js";
import { builtSearchKernels } from "../../test/support/search-kernels.js";
import { garchWalk, mulberry32, randomInt } from "../../test/support/seeded-rng.js";
import { prepareSeries } from "./prepared-series.js";
import { searchMany } from "./search-many.js";
import { searchSeries } from "./search-series.js";
import { activeWasmKernels, segmentLength, useWasmKernels } from "./wasm-kernels.js";

const kernels = builtSearchKernels();
useWasmKernels(kernels);
await import("./search-series.test.js");
await import("./search-many.test.js");

describe("wasm kernels on long series", () => {
  const levels: [string, number, number][] = [
    ["daily equity", 1, 0.015],
    ["BTC-like at $60k, 15-minute", 60_000, 0.002],
    ["FX-like at 1.1, tiny moves", 1.1, 0.0003],
  ];
  for (const [label, level, vol] of levels) {
    it(`equals the oracle on 20k bars, ${label}, with flats, NaNs and gaps`, () => {
      useWasmKernels(kernels);
      const n = 20_000;
      const rand = mulberry32(Math.round(level * 10) + 3);
      const values = garchWalk({ length: n, seed: 11, volPerBar: vol }).map((v) => v * level);
      values.fill(values[5000], 5000, 5400);
      values[123] = Number.NaN;
      values[17_000] = Number.NaN;
      const breakBefore = new Uint8Array(n);
      breakBefore[9000] = 1;
      const series = prepareSeries(values, breakBefore);
      for (const m of [5, 20, 60, 250]) {
        for (const metric of ["l2", "l1"] as const) {
          let q0 = randomInt(rand, n - m);
          while (!series.isEligibleWindow(q0, m)) q0 = randomInt(rand, n - m);
          const query = values.slice(q0, q0 + m);
          for (const options of [
            { k: 10, excludeRange: [q0, q0 + m] as [number, number] },
            { k: 3, endBefore: q0, excludeRange: [q0, q0 + m] as [number, number] },
            { k: 25, wrap: true },
          ]) {
            const ref = naiveSearch({ values, breakBefore }, query, { ...options, metric });
            const comp = searchSeries(series, query, { ...options, metric });
            expect(describeMismatch(ref, comp), `${label} m=${m} ${metric} ${JSON.stringify(options)}`).toBeNull();
          }
        }
      }
    });
  }

  it("finds the planted copies of a flat query and of a motif among 50k bars", () => {
    useWasmKernels(kernels);
    const values = garchWalk({ length: 50_000, seed: 4, volPerBar: 0.01 });
    const motif = values.slice(100, 160);
    values.set(motif.map((v) => v * 3 + 7), 30_000);
    values.fill(2, 40_000, 40_100);
    const series = prepareSeries(values);
    const copies = searchSeries(series, motif, { k: 2, metric: "l2", excludeRange: [100, 160] });
    expect(copies[0].start).toBe(30_000);
    expect(copies[0].distance).toBeLessThan(1e-6);
    const flatQuery = new Float64Array(60).fill(5);
    const flats = searchSeries(series, flatQuery, { k: 3, metric: "l1" });
    expect(flats[0]).toEqual({ start: 40_000, distance: 0, wrapped: false, seriesIndex: 0 });
    expect(describeMismatch(naiveSearch({ values }, flatQuery, { k: 3, metric: "l1" }), flats)).toBeNull();
  });

  it("shares one bound across series in searchMany and equals the oracle", () => {
    useWasmKernels(kernels);
    const list = [1, 2, 3].map((seed) => garchWalk({ length: 8000, seed, volPerBar: 0.01 }));
    const query = list[1].slice(4000, 4060);
    for (const metric of ["l2", "l1"] as const) {
      const options = { k: 10, metric, excludeRanges: [undefined, [4000, 4060] as [number, number], undefined] };
      const ref = naiveSearchMany(list.map((values) => ({ values })), query, options);
      const comp = searchMany(list.map((v) => prepareSeries(v)), query, options);
      expect(describeMismatch(ref, comp), metric).toBeNull();
    }
  });

  it("switches back to the JS kernels and gives the same matches", () => {
    const values = garchWalk({ length: 30_000, seed: 9, volPerBar: 0.01 });
    const query = values.slice(500, 560);
    const options = { k: 10, metric: "l2" as const, excludeRange: [500, 560] as [number, number] };
    useWasmKernels(kernels);
    const wasm = searchSeries(prepareSeries(values), query, options);
    useWasmKernels(undefined);
    expect(activeWasmKernels()).toBeUndefined();
    const js = searchSeries(prepareSeries(values), query, options);
    useWasmKernels(kernels);
    expect(wasm).toEqual(js);
  });

  it("splits windows into segments of at least one value and at most m", () => {
    for (const m of [2, 3, 9, 10, 11, 20, 59, 250, 1000]) {
      const length = segmentLength(m);
      expect(length).toBeGreaterThanOrEqual(1);
      expect(Math.floor(m / length)).toBeGreaterThanOrEqual(1);
      expect(Math.floor(m / length)).toBeLessThanOrEqual(Math.min(m, 19));
    }
  });
});
