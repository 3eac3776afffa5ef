/**
 * Calibration table for the wasm kernel choice (src/core/kernel-choice.ts: the segment-bound path or MASS,
 * and MASS's chunk size K).
 *
 *   npx tsx bench/kernel-grid.ts [--quick] [--json <file>]
 *
 * For every cell (series, m) it times the bound path and MASS at every chunk size K (2m <= K <= 8192),
 * each as the median of warm L2 top-10 searches over about 120 ms (the three queries of bench/patterns.ts,
 * own range excluded), then prints the model's pick, its time and how much slower it is than the fastest
 * choice. Series: the 17 daily files of ../shared/datasets/daily and seeded GARCH walks of 20k-130k bars
 * (two volatilities each); m = 20, 40, 60, 120, 250. --quick: three files, the 20k and 100k walks.
 *
 * Re-fit the model's constants when the kernels change: the JSON lines (one per cell: n, windows, m, lb µs,
 * mass {K: µs}) are what the fit of 2026-11-27 was made from (constants chosen so that the picked kernel is
 * within about 20% of the fastest in every cell and the mean loss is smallest). The timings are not
 * checked against the oracle here: bench/patterns.ts does that for the kernels whatever K they run with.
 */
import fs from "node:fs";
import { wasmMassChunkSize } from "../src/core/kernel-choice.js";
import { prepareSeries } from "../src/core/prepared-series.js";
import { searchSeries } from "../src/core/search-series.js";
import { useWasmKernels } from "../src/core/wasm-kernels.js";
import { builtSearchKernels } from "../test/support/search-kernels.js";
import { garchWalk } from "../test/support/seeded-rng.js";
import { queryStarts, realCases } from "./pattern-cases.js";
import { median } from "./sorted-stats.js";

const WINDOW_LENGTHS = [20, 40, 60, 120, 250];
const CELL_MS = 120;
const LARGEST_CHUNK_BITS = 13;

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const jsonIndex = args.indexOf("--json");
const jsonFile = jsonIndex >= 0 ? args[jsonIndex + 1] : undefined;
if (jsonIndex >= 0 && jsonFile === undefined) throw new Error("--json needs a file name");

const kernels = builtSearchKernels();
useWasmKernels(kernels);

/** Median µs of warm searches on an index built with chunk size `massChunkSize` (0: the bound path). */
function medianMicros(values: Float64Array, m: number, massChunkSize: number): number {
  const series = prepareSeries(values);
  series.wasmIndex(kernels, m, massChunkSize);
  const starts = queryStarts(values, m, values.length + m);
  const queries = starts.map((s) => values.slice(s, s + m));
  const options = starts.map((s) => ({ k: 10, excludeRange: [s, s + m] as [number, number], metric: "l2" as const }));
  for (let i = 0; i < 2 * queries.length; i++) searchSeries(series, queries[i % queries.length], options[i % queries.length]);
  const times: number[] = [];
  const began = performance.now();
  while (performance.now() - began < CELL_MS) {
    for (let q = 0; q < queries.length; q++) {
      const started = performance.now();
      searchSeries(series, queries[q], options[q]);
      times.push((performance.now() - started) * 1000);
    }
  }
  return median(times.sort((a, b) => a - b));
}

const walkLengths = quick ? [20_000, 100_000] : [20_000, 35_000, 50_000, 75_000, 100_000, 130_000];
const cases = [
  ...realCases(false)
    .filter((c) => !quick || ["real AAPL", "real TSLA", "real GOLD"].includes(c.name))
    .map((c) => ({ name: c.name, values: c.values })),
  ...walkLengths.flatMap((n, i) => [
    { name: `walk ${n / 1000}k 0.4%`, values: garchWalk({ length: n, seed: 500 + i, volPerBar: 0.004 }) },
    { name: `walk ${n / 1000}k 1.5%`, values: garchWalk({ length: n, seed: 900 + i, volPerBar: 0.015 }) },
  ]),
];

const lines: string[] = [];
const losses: number[] = [];
console.log(`${"series".padStart(18)} ${"n".padStart(7)} ${"m".padStart(4)} ${"bound µs".padStart(9)} ${"best MASS".padStart(15)} ${"model pick".padStart(16)} ${"x fastest".padStart(9)}`);
for (const { name, values } of cases) {
  for (const m of WINDOW_LENGTHS) {
    const windows = values.length - m + 1;
    const bound = medianMicros(values, m, 0);
    const mass: Record<number, number> = {};
    for (let bits = 7; bits <= LARGEST_CHUNK_BITS; bits++) {
      const size = 1 << bits;
      if (size >= 2 * m && size <= 4 * windows) mass[size] = medianMicros(values, m, size);
    }
    const sizes = Object.keys(mass).map(Number);
    const bestSize = sizes.reduce((best, size) => (mass[size] < mass[best] ? size : best), sizes[0]);
    const pick = wasmMassChunkSize(windows, m);
    const pickMicros = pick === 0 ? bound : (mass[pick] ?? medianMicros(values, m, pick));
    const loss = pickMicros / Math.min(bound, mass[bestSize] ?? Infinity);
    losses.push(loss);
    lines.push(JSON.stringify({ name, n: values.length, windows, m, lb: bound, mass }));
    const pickLabel = pick === 0 ? `bound ${bound.toFixed(0)}` : `K=${pick} ${pickMicros.toFixed(0)}`;
    console.log(
      `${name.padStart(18)} ${String(values.length).padStart(7)} ${String(m).padStart(4)} ${bound.toFixed(0).padStart(9)} ${`K=${bestSize} ${mass[bestSize]?.toFixed(0)}`.padStart(15)} ${pickLabel.padStart(16)} ${loss.toFixed(2).padStart(9)}`,
    );
  }
}
const meanLoss = Math.exp(losses.reduce((sum, loss) => sum + Math.log(loss), 0) / losses.length);
console.log(`\n${losses.length} cells: the model's pick is ${Math.max(...losses).toFixed(2)}x the fastest at worst, ${meanLoss.toFixed(3)}x on (geometric) average`);
if (jsonFile !== undefined) fs.writeFileSync(jsonFile, `${lines.join("\n")}\n`);
