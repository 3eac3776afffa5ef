/**
 * Benchmark and correctness gate for the pattern-search core (pattern-search.md §6).
 *
 *   npx tsx bench/patterns.ts [--small] [--json <file>] [--cases <name part>]
 *
 * Cases: seeded GARCH(1,1) t(5) walks of 10k ("daily", 1.5 %/bar), 100k ("hourly", 0.4 %) and 1M points
 * ("15-minute", 0.15 %), plus the close column of every real daily file in ../shared/datasets/daily (read
 * at run time, never copied), plus one cross-asset screen (one query over all real files with searchMany).
 * Window lengths m = 20, 60, 250; k = 10; product semantics (the query's own range is excluded).
 * Queries: the last m bars and 2 seeded random positions.
 *
 * Per (case, m, variant): cold time (a fresh PreparedSeries, so rolling stats and MASS spectra are built
 * inside the first query; the search code itself is JIT-compiled beforehand on a throwaway series), warm median and p90 over reps x queries after one untimed warm-up per query,
 * with rounds over the queries added until the timed calls add up to MIN_WARM_MS (a cell of 30 calls of 30 µs
 * lasted 1 ms, so one stall of this VM could move its median by a third; --small keeps its single rep) and a
 * full garbage collection before each variant's timed runs (without it, about one m=250 cell in twenty ran
 * 30-65% slower as a whole: a major GC begun by the previous variant's garbage was marking during it),
 * windows per second, the naive oracle's time in the same process (one run per query, median of those
 * runs: the oracle is run exactly once per query because its result is the reference for every check),
 * and the ratio to a memory floor measured here (median time to sum a Float64Array of n values once).
 *
 * Variants: "l2" and "l1" are the default engine (the WebAssembly SIMD kernels, wasm-kernels.ts: L2 runs the
 * segment bound or, where the cost model predicts it cannot prune, MASS, kernel-choice.ts); "l2/js",
 * "l2/direct", "l2/mass" and "l1/js" are the pure-JS fallback kernels. Without --small, when python3 with
 * numpy is present, the numpy peers (bench/peers/numpy_peers.py: brute force, and FFT MASS with
 * precomputed window statistics) run on every case and a second table puts the engine beside them, with the
 * ratio per cell; every peer top-10 must equal the engine's (near-ties within 1e-6 may swap).
 *
 * Every result (cold, warm-up and each timed rep) is compared with the oracle: same starts, distances within
 * 1e-9 relative. Any mismatch is printed and the process exits with status 1. Timings never fail the run.
 * --small runs the 10k series and three real files with one rep (a CI correctness check, well under a minute).
 */
import fs from "node:fs";
import os from "node:os";
import v8 from "node:v8";
import vm from "node:vm";
import { chooseL2Kernel, bestChunkSize, wasmMassChunkSize } from "../src/core/kernel-choice.js";
import { prepareSeries, type PreparedSeries } from "../src/core/prepared-series.js";
import { searchMany } from "../src/core/search-many.js";
import type { SearchOptions } from "../src/core/search-options.js";
import { searchSeries, type WindowMatch } from "../src/core/search-series.js";
import { useWasmKernels } from "../src/core/wasm-kernels.js";
import { describeMismatch, naiveSearch, naiveSearchMany, type NaiveMatch } from "../test/reference/naive-search.js";
import { builtSearchKernels } from "../test/support/search-kernels.js";
import { garchWalk } from "../test/support/seeded-rng.js";
import { numpyVersion } from "./numpy-peers.js";
import { queryStarts, realCases, syntheticCases, type Case } from "./pattern-cases.js";
import { benchPeers, printPeerHeader, type PeerTableRow } from "./pattern-peers.js";
import { emptyRow, printHeader, printRow, targetReport, type Row } from "./pattern-table.js";
import { median, quantile90 } from "./sorted-stats.js";

interface Variant {
  label: string;
  metric: "l1" | "l2";
  algorithm?: SearchOptions["algorithm"];
  /** Run on the WebAssembly SIMD kernels (the default engine) rather than the pure-JS fallback. */
  wasm: boolean;
}

const K = 10;
/** Least total time of a cell's timed calls (full runs): short cells get more rounds, not a noisier median. */
const MIN_WARM_MS = 100;
const WINDOW_LENGTHS = [20, 60, 250];
const VARIANTS: Variant[] = [
  { label: "l2", metric: "l2", wasm: true },
  { label: "l1", metric: "l1", wasm: true },
  { label: "l2/js", metric: "l2", wasm: false },
  { label: "l2/direct", metric: "l2", algorithm: "direct", wasm: false },
  { label: "l2/mass", metric: "l2", algorithm: "mass", wasm: false },
  { label: "l1/js", metric: "l1", wasm: false },
];
const kernels = builtSearchKernels();
// A full collection before each variant's timed runs, so that a major GC started by the previous variant's
// garbage (its concurrent marking, and the marking steps it puts on every allocation) does not land in them.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

const args = process.argv.slice(2);
const small = args.includes("--small");
const jsonIndex = args.indexOf("--json");
const jsonFile = jsonIndex >= 0 ? args[jsonIndex + 1] : undefined;
if (jsonIndex >= 0 && jsonFile === undefined) throw new Error("--json needs a file name");
/** --cases <text>: only the cases whose name contains it (e.g. "1M" to re-measure one row on a quiet machine). */
const casesIndex = args.indexOf("--cases");
const caseFilter = casesIndex >= 0 ? args[casesIndex + 1] : undefined;

const failures: string[] = [];

function time<T>(run: () => T): [T, number] {
  const started = performance.now();
  const result = run();
  return [result, performance.now() - started];
}

/** Median time to read n doubles once (a streaming sum), the memory floor for one pass over the series. */
function memoryFloorMs(values: Float64Array): number {
  const times: number[] = [];
  let sink = 0;
  for (let rep = 0; rep < 25; rep++) {
    const [total, ms] = time(() => {
      let sum = 0;
      for (let i = 0; i < values.length; i++) sum += values[i];
      return sum;
    });
    sink += total;
    if (rep >= 5) times.push(ms);
  }
  if (Number.isNaN(sink) && values.every((v) => !Number.isNaN(v))) throw new Error("unreachable");
  return median(times.sort((a, b) => a - b));
}

function check(label: string, ref: NaiveMatch[], comp: Parameters<typeof describeMismatch>[1], row: Row, copies = 1): void {
  row.checked += copies;
  const mismatch = describeMismatch(ref, comp);
  if (mismatch !== null) {
    row.mismatches += copies;
    failures.push(`${label}${copies > 1 ? ` (and ${copies - 1} identical results)` : ""}: ${mismatch}`);
  }
}

/** Same picks, bit for bit (the engine is deterministic, so a query's runs nearly always are). */
function sameResult(a: readonly WindowMatch[], b: readonly WindowMatch[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.start !== y.start || x.distance !== y.distance || x.wrapped !== y.wrapped || x.seriesIndex !== y.seriesIndex) return false;
  }
  return true;
}

function kernelLabel(variant: Variant, windows: number, m: number): string {
  if (variant.wasm) {
    if (variant.metric === "l1") return "wasm lb+ea";
    const size = wasmMassChunkSize(windows, m);
    return size > 0 ? `wasm mass K=${size}` : "wasm lb+dot";
  }
  if (variant.metric === "l1") return "l1-ea";
  const choice =
    variant.algorithm === "direct"
      ? { kind: "direct" as const }
      : variant.algorithm === "mass"
        ? { kind: "mass" as const, chunkSize: bestChunkSize(windows, m) }
        : chooseL2Kernel(windows, windows, m);
  return choice.kind === "direct" ? "direct" : `mass K=${choice.chunkSize}`;
}

interface PendingCheck {
  label: string;
  query: number;
  result: WindowMatch[];
  row: Row;
  metric: "l1" | "l2";
  /** Results of this (variant, query) identical to `result`, which is checked once for all of them. */
  copies: number;
}

/**
 * Times every variant first and keeps the results; the oracle runs afterwards, so its heavy allocation
 * (one object per window) does not leave garbage-collection pauses inside the timed runs.
 */
function benchCase(testCase: Case, rows: Row[], peerRows: PeerTableRow[] | undefined): void {
  const { values, name, reps } = testCase;
  const n = values.length;
  const floorMs = memoryFloorMs(values);
  for (const m of WINDOW_LENGTHS) {
    if (m >= n) continue;
    const starts = queryStarts(values, m, n + m);
    const queries = starts.map((s) => values.slice(s, s + m));
    const optionsFor = (i: number) => ({ k: K, excludeRange: [starts[i], starts[i] + m] as [number, number] });
    const windows = n - m + 1;
    const pending: PendingCheck[] = [];
    const caseRows: Row[] = [];
    /** The default engine's (wasm L2) last result per query, for the peer comparison. */
    const engineResults: WindowMatch[][] = [];
    for (const variant of VARIANTS) {
      const row = emptyRow(name, n, m, variant.label, kernelLabel(variant, windows, m), floorMs);
      // Built before timing: a caller's option object is not the engine's work (a spread costs ~1 us here).
      const variantOptions = queries.map((_, q) => ({ ...optionsFor(q), metric: variant.metric, algorithm: variant.algorithm }));
      const run = (series: PreparedSeries, q: number) => {
        useWasmKernels(variant.wasm ? kernels : undefined);
        const result = searchSeries(series, queries[q], variantOptions[q]);
        if (variant.label === "l2") engineResults[q] = result;
        return result;
      };
      // Each result is kept until the oracle has run, once per distinct result: retaining every run's objects
      // (hundreds of thousands per case) grew the heap past 300 MB, and the collector's concurrent marking
      // then competed with the timed runs.
      const kept: PendingCheck[] = [];
      const keep = (label: string, query: number, result: WindowMatch[]) => {
        const same = kept.find((entry) => entry.query === query && sameResult(entry.result, result));
        if (same !== undefined) {
          same.copies++;
          return;
        }
        const entry = { label: `${name} m=${m} ${variant.label} query@${starts[query]} ${label}`, query, result, row, metric: variant.metric, copies: 1 };
        kept.push(entry);
        pending.push(entry);
      };
      const series = prepareSeries(values);
      const [cold, coldMs] = time(() => run(series, 0));
      row.coldMs = coldMs;
      keep("cold", 0, cold);
      for (let q = 0; q < queries.length; q++) keep("warm-up", q, run(series, q));
      const times: number[] = [];
      collectGarbage();
      let timedMs = 0;
      for (let rep = 0; rep < reps || (!small && timedMs < MIN_WARM_MS); rep++) {
        for (let q = 0; q < queries.length; q++) {
          const [result, ms] = time(() => run(series, q));
          times.push(ms);
          timedMs += ms;
          keep(`rep ${rep}`, q, result);
        }
      }
      times.sort((a, b) => a - b);
      row.warmMedianMs = median(times);
      row.warmP90Ms = quantile90(times);
      row.mWindowsPerSec = windows / row.warmMedianMs / 1000;
      row.timesAboveFloor = row.warmMedianMs / floorMs;
      caseRows.push(row);
    }
    // The oracle: exactly one run per query (also the reference for every check); median over the queries.
    const oracle = { l1: { results: [] as NaiveMatch[][], ms: 0 }, l2: { results: [] as NaiveMatch[][], ms: 0 } };
    for (const metric of ["l2", "l1"] as const) {
      const times: number[] = [];
      for (let q = 0; q < queries.length; q++) {
        const [result, ms] = time(() => naiveSearch({ values }, queries[q], { ...optionsFor(q), metric }));
        oracle[metric].results.push(result);
        times.push(ms);
      }
      oracle[metric].ms = median(times.sort((a, b) => a - b));
    }
    for (const { label, query, result, row, metric, copies } of pending) check(label, oracle[metric].results[query], result, row, copies);
    for (const row of caseRows) {
      row.oracleMs = oracle[row.variant.startsWith("l1") ? "l1" : "l2"].ms;
      row.timesFasterThanOracle = row.oracleMs / row.warmMedianMs;
      rows.push(row);
      printRow(row);
    }
    if (peerRows !== undefined) {
      const engine = caseRows.find((r) => r.variant === "l2")!;
      const js = caseRows.find((r) => r.variant === "l2/js")!;
      peerRows.push(benchPeers(testCase, m, starts, engine.warmMedianMs, js.warmMedianMs, engineResults, K, failures));
    }
  }
}

/** One query (the last 60 bars of the first file) over every real file at once, with one shared bound. */
function benchScreen(cases: Case[], rows: Row[]): void {
  if (cases.length < 2) return;
  const m = 60;
  const values = cases.map((c) => c.values);
  const query = values[0].slice(values[0].length - m);
  const excludeRanges: ([number, number] | undefined)[] = [[values[0].length - m, values[0].length]];
  const windows = values.reduce((total, v) => total + v.length - m + 1, 0);
  const floorMs = cases.reduce((total, c) => total + memoryFloorMs(c.values), 0);
  for (const [metric, wasm] of [["l2", true], ["l1", true], ["l2", false], ["l1", false]] as const) {
    const label = `${metric}${wasm ? "" : "/js"}`;
    const row = emptyRow(`screen ${cases.length} real files`, windows, m, label, wasm ? "wasm" : metric === "l1" ? "l1-ea" : "auto per series", floorMs);
    const prepared = values.map((v) => prepareSeries(v));
    const run = () => {
      useWasmKernels(wasm ? kernels : undefined);
      return searchMany(prepared, query, { k: K, metric, excludeRanges });
    };
    const [cold, coldMs] = time(run);
    row.coldMs = coldMs;
    const results = [cold];
    const times: number[] = [];
    for (let rep = 0; rep < (small ? 1 : 10); rep++) {
      const [result, ms] = time(run);
      times.push(ms);
      results.push(result);
    }
    // Oracle after the timed runs (see benchCase); one run, which is also the reference.
    const [ref, oracleMs] = time(() => naiveSearchMany(values.map((v) => ({ values: v })), query, { k: K, metric, excludeRanges }));
    results.forEach((result, i) => check(`screen ${label} ${i === 0 ? "cold" : `rep ${i - 1}`}`, ref, result, row));
    times.sort((a, b) => a - b);
    row.oracleMs = oracleMs;
    row.warmMedianMs = median(times);
    row.warmP90Ms = quantile90(times);
    row.mWindowsPerSec = windows / row.warmMedianMs / 1000;
    row.timesFasterThanOracle = oracleMs / row.warmMedianMs;
    row.timesAboveFloor = row.warmMedianMs / floorMs;
    rows.push(row);
    printRow(row);
  }
}

/**
 * Runs every variant once on a small throwaway series so that "cold" below measures building rolling stats
 * and spectra for a new series, not V8 compiling the search code for the first time.
 */
function warmUpJit(): void {
  const values = garchWalk({ length: 3000, seed: 1, volPerBar: 0.01 });
  for (let rep = 0; rep < 3; rep++) {
    for (const m of WINDOW_LENGTHS) {
      const series = prepareSeries(values);
      for (const variant of VARIANTS) {
        useWasmKernels(variant.wasm ? kernels : undefined);
        searchSeries(series, values.slice(0, m), { k: K, metric: variant.metric, algorithm: variant.algorithm, excludeRange: [0, m] });
      }
    }
  }
}

function main(): void {
  const cpu = os.cpus()[0]?.model ?? "unknown";
  console.log(`node ${process.version} | ${cpu} | ${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} | single thread | k=${K} | ${small ? "--small" : "full"}`);
  // The peers take minutes at 1M bars (numpy brute force); CI's --small run checks the engine only.
  const numpy = small ? undefined : numpyVersion();
  console.log(small ? "numpy peers: skipped (--small)" : numpy === undefined ? "numpy peers: skipped (python3 with numpy not found)" : `numpy peers: numpy ${numpy}, one thread`);
  warmUpJit();
  printHeader();
  const rows: Row[] = [];
  const peerRows: PeerTableRow[] | undefined = numpy === undefined ? undefined : [];
  const wanted = (c: Case) => caseFilter === undefined || c.name.includes(caseFilter);
  const real = realCases(small).filter(wanted);
  for (const testCase of [...syntheticCases(small).filter(wanted), ...real]) benchCase(testCase, rows, peerRows);
  if (caseFilter === undefined) benchScreen(real, rows);
  if (peerRows !== undefined) printPeerHeader(peerRows);
  const targets = targetReport(rows, peerRows ?? []);
  console.log("\nTargets (pattern-search.md §4):");
  for (const line of targets) console.log(`  ${line}`);
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(`peak RSS ${maxRssMb.toFixed(0)} MB`);
  if (jsonFile !== undefined) {
    const header = { node: process.version, cpu, cpus: os.cpus().length, loadAverage: os.loadavg(), singleThread: true, small, k: K, numpy, maxRssMb };
    fs.writeFileSync(jsonFile, `${JSON.stringify({ header, rows, peers: peerRows ?? [], targets, failures }, null, 2)}\n`);
    console.log(`wrote ${jsonFile}`);
  }
  if (failures.length > 0) {
    console.error(`\n${failures.length} result(s) differ from the oracle:`);
    for (const failure of failures.slice(0, 50)) console.error(`  ${failure}`);
    process.exitCode = 1;
  } else {
    console.log(`all ${rows.reduce((total, r) => total + r.checked, 0)} results equal the oracle`);
  }
}

main();
