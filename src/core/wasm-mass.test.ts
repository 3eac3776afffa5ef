/**
 * The wasm MASS path (assembly/mass-kernels.ts, wasm-mass.ts) against the naive oracle: short series with
 * long windows, where the cost model picks it. Covers the certified in-kernel selection, its fall-backs
 * (exact ties such as flat windows, wrapped windows, k beyond the kernel's buffers), causal and excluded
 * ranges, non-finite values and gaps, high-priced and FX-like levels, and searchMany's per-series picks.
 */
import { describe, expect, it } from "vitest";
import { describeMismatch, naiveSearch, naiveSearchMany } from "../../test/reference/naive-search.js";
import { builtSearchKernels } from "../../test/support/search-kernels.js";
import { garchWalk, mulberry32, randomInt } from "../../test/support/seeded-rng.js";
import { wasmMassChunkSize } from "./kernel-choice.js";
import { prepareSeries } from "./prepared-series.js";
import { searchMany } from "./search-many.js";
import { searchSeries } from "./search-series.js";
import { useWasmKernels } from "./wasm-kernels.js";

const kernels = builtSearchKernels();

function shortSeries(n: number, seed: number, level: number, vol: number): { values: Float64Array; breakBefore: Uint8Array } {
  const values = garchWalk({ length: n, seed, volPerBar: vol }).map((v) => v * level);
  values.fill(values[300], 300, 420);
  values[777] = Number.NaN;
  const breakBefore = new Uint8Array(n);
  breakBefore[Math.floor(n / 2)] = 1;
  return { values, breakBefore };
}

describe("wasm MASS on short series", () => {
  const cases: [string, number, number, number][] = [
    ["daily equity, 2k bars", 2000, 1, 0.02],
    ["BTC-like at $60k, 3k bars", 3000, 60_000, 0.01],
    ["FX-like at 1.1, 4k bars", 4000, 1.1, 0.0004],
  ];
  for (const [label, n, level, vol] of cases) {
    it(`equals the oracle: ${label}, m = 60 / 120 / 250, with flats, a NaN and a gap`, () => {
      useWasmKernels(kernels);
      const { values, breakBefore } = shortSeries(n, n + 7, level, vol);
      const series = prepareSeries(values, breakBefore);
      const rand = mulberry32(n);
      for (const m of [60, 120, 250]) {
        expect(series.wasmIndex(kernels, m).usesMass, `m=${m} should run as MASS`).toBe(true);
        let q0 = randomInt(rand, n - m);
        while (!series.isEligibleWindow(q0, m)) q0 = randomInt(rand, n - m);
        const query = values.slice(q0, q0 + m);
        for (const options of [
          { k: 10, excludeRange: [q0, q0 + m] as [number, number] },
          { k: 4, endBefore: q0, excludeRange: [q0, q0 + m] as [number, number] },
          { k: 12, wrap: true },
          { k: 300 },
        ]) {
          const ref = naiveSearch({ values, breakBefore }, query, { ...options, metric: "l2" });
          const comp = searchSeries(series, query, { ...options, metric: "l2" });
          expect(describeMismatch(ref, comp), `m=${m} ${JSON.stringify(options)}`).toBeNull();
        }
      }
    });
  }

  it("computes its spectra at the first L2 search, after L1 searches of the same index, and still equals the oracle", () => {
    useWasmKernels(kernels);
    const { values, breakBefore } = shortSeries(3000, 91, 1, 0.02);
    const series = prepareSeries(values, breakBefore);
    const m = 120;
    expect(series.wasmIndex(kernels, m).usesMass).toBe(true);
    const query = values.slice(1500, 1500 + m);
    for (const metric of ["l1", "l1", "l2", "l1", "l2"] as const) {
      const options = { k: 10, excludeRange: [1500, 1500 + m] as [number, number], metric };
      expect(describeMismatch(naiveSearch({ values, breakBefore }, query, options), searchSeries(series, query, options)), metric).toBeNull();
    }
  });

  it("re-scores its picks in the kernel to the same bits as the JS path, a constant window included", () => {
    // One constant window of length 60 (shortSeries' longer flats tie with each other: never certified).
    const values = garchWalk({ length: 2000, seed: 11, volPerBar: 0.02 });
    values.fill(values[900], 900, 960);
    const series = prepareSeries(values);
    const rand = mulberry32(5);
    // Noise against a random walk: every window is far, so the flat stretch (distance exactly sqrt(m)) is picked.
    const noise = Float64Array.from({ length: 60 }, () => rand() - 0.5);
    const queries = [noise, values.slice(1500, 1560), values.slice(100, 350)];
    for (const query of queries) {
      useWasmKernels(kernels);
      expect(series.wasmIndex(kernels, query.length).usesMass).toBe(true);
      const fromWasm = searchSeries(series, query, { k: 10, metric: "l2" });
      useWasmKernels(undefined);
      const fromJs = searchSeries(series, query, { k: 10, metric: "l2" });
      expect(fromWasm).toEqual(fromJs);
      expect(fromWasm.every((match, i) => Object.is(match.distance, fromJs[i].distance))).toBe(true);
    }
    useWasmKernels(kernels);
    const withFlat = searchSeries(series, noise, { k: 10, metric: "l2" });
    expect(withFlat.some((match) => match.start === 900 && match.distance === Math.sqrt(60))).toBe(true);
  });

  it("falls back to exact selection on exact ties: a flat query among flat windows", () => {
    useWasmKernels(kernels);
    const values = garchWalk({ length: 2500, seed: 5, volPerBar: 0.01 });
    values.fill(3, 100, 400);
    values.fill(4, 1200, 1500);
    const query = new Float64Array(120).fill(9);
    const series = prepareSeries(values);
    expect(series.wasmIndex(kernels, 120).usesMass).toBe(true);
    const ref = naiveSearch({ values }, query, { k: 6, metric: "l2" });
    const comp = searchSeries(series, query, { k: 6, metric: "l2" });
    expect(comp[0]).toMatchObject({ start: 100, distance: 0 });
    expect(describeMismatch(ref, comp)).toBeNull();
  });

  it("finds a planted copy at distance 0 and its scaled twin", () => {
    useWasmKernels(kernels);
    const values = garchWalk({ length: 3000, seed: 12, volPerBar: 0.015 });
    values.set(values.slice(200, 450).map((v) => 2 * v + 5), 2000);
    const series = prepareSeries(values);
    const found = searchSeries(series, values.slice(200, 450), { k: 3, metric: "l2", excludeRange: [200, 450] });
    expect(found[0].start).toBe(2000);
    expect(found[0].distance).toBeLessThan(1e-6);
  });

  it("keeps each series' picks in searchMany and equals the oracle", () => {
    useWasmKernels(kernels);
    const list = [1, 2, 3, 4].map((seed) => garchWalk({ length: 1500 + 400 * seed, seed, volPerBar: 0.02 }));
    const query = list[2].slice(900, 1150);
    for (const k of [1, 10, 40]) {
      const options = { k, metric: "l2" as const, excludeRanges: [undefined, undefined, [900, 1150] as [number, number], undefined] };
      const ref = naiveSearchMany(list.map((values) => ({ values })), query, options);
      const comp = searchMany(list.map((v) => prepareSeries(v)), query, options);
      expect(describeMismatch(ref, comp), `k=${k}`).toBeNull();
    }
  });

  it("is chosen only where the segment bound is predicted not to prune, and within its memory bound", () => {
    expect(wasmMassChunkSize(2000 - 250 + 1, 250)).toBeGreaterThanOrEqual(500);
    expect(wasmMassChunkSize(11_000 - 250 + 1, 250)).toBeGreaterThan(0);
    expect(wasmMassChunkSize(100_000, 20)).toBe(0);
    expect(wasmMassChunkSize(1_000_000, 250)).toBe(0);
    expect(wasmMassChunkSize(5000, 8)).toBe(0);
    for (const [count, m] of [[1750, 250], [9000, 120], [3000, 60]]) {
      const size = wasmMassChunkSize(count, m);
      expect(size & (size - 1)).toBe(0);
      expect(size).toBeGreaterThanOrEqual(2 * m);
    }
  });
});
