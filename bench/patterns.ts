/**
 * Benchmark and correctness gate for the pattern-search core (pattern-search.md §6).
 *
 *   npx tsx bench/patterns.ts [--small] [--json <file>]
 *
 * Cases: seeded GARCH(1,1) t(5) walks of 10k ("daily", 1.5 %/bar), 100k ("hourly", 0.4 %) and 1M points
 * ("15-minute", 0.15 %), plus the close column of every real daily file in ../shared/datasets/daily (read
 * at run time, never copied), plus one cross-asset screen (one query over all real files with searchMany).
 * Window lengths m = 20, 60, 250; k = 10; product semantics (the query's own range is excluded).
 * Queries: the last m bars and 2 seeded random positions.
 *
 * Per (case, m, variant): cold time (a fresh PreparedSeries, so rolling stats and MASS spectra are built
 * inside the first query; the search code itself is JIT-compiled beforehand on a throwaway series), warm median and p90 over reps x queries after one untimed warm-up per query,
 * windows per second, the naive oracle's time in the same process (one run per query, median of those
 * runs: the oracle is run exactly once per query because its result is the reference for every check),
 * and the ratio to a memory floor measured here (median time to sum a Float64Array of n values once).
 *
 * Every result (cold, warm-up and each timed rep) is compared with the oracle: same starts, distances within
 * 1e-9 relative. Any mismatch is printed and the process exits with status 1. Timings never fail the run.
 * --small runs the 10k series and three real files with one rep (a CI correctness check, well under a minute).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chooseL2Kernel, bestChunkSize } from "../src/core/kernel-choice.js";
import { prepareSeries, type PreparedSeries } from "../src/core/prepared-series.js";
import { searchMany } from "../src/core/search-many.js";
import type { SearchOptions } from "../src/core/search-options.js";
import { searchSeries } from "../src/core/search-series.js";
import { describeMismatch, naiveSearch, naiveSearchMany, type NaiveMatch } from "../test/reference/naive-search.js";
import { garchWalk, mulberry32, randomInt } from "../test/support/seeded-rng.js";
import { DAILY_DATASET_DIR } from "../test/support/shared-paths.js";

interface Case {
  name: string;
  values: Float64Array;
  reps: number;
}

interface Variant {
  label: string;
  metric: "l1" | "l2";
  algorithm?: SearchOptions["algorithm"];
}

interface Row {
  case: string;
  n: number;
  m: number;
  variant: string;
  kernel: string;
  coldMs: number;
  warmMedianMs: number;
  warmP90Ms: number;
  mWindowsPerSec: number;
  oracleMs: number;
  timesFasterThanOracle: number;
  floorMs: number;
  timesAboveFloor: number;
  checked: number;
  mismatches: number;
}

const K = 10;
const WINDOW_LENGTHS = [20, 60, 250];
const VARIANTS: Variant[] = [
  { label: "l2", metric: "l2" },
  { label: "l2/direct", metric: "l2", algorithm: "direct" },
  { label: "l2/mass", metric: "l2", algorithm: "mass" },
  { label: "l1", metric: "l1" },
];
const SMALL_REAL_FILES = ["BTC-USD", "EURUSD", "SPY"];

const args = process.argv.slice(2);
const small = args.includes("--small");
const jsonIndex = args.indexOf("--json");
const jsonFile = jsonIndex >= 0 ? args[jsonIndex + 1] : undefined;
if (jsonIndex >= 0 && jsonFile === undefined) throw new Error("--json needs a file name");

const failures: string[] = [];

function median(sorted: number[]): number {
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function quantile90(sorted: number[]): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.9 * sorted.length) - 1)];
}

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

function readCloses(file: string): Float64Array {
  const lines = fs.readFileSync(file, "utf8").trim().split(/\r?\n/);
  const column = lines[0].split(",").indexOf("close");
  if (column < 0) throw new Error(`${file}: no close column`);
  return Float64Array.from(lines.slice(1), (line) => {
    const cell = line.split(",")[column];
    return cell === undefined || cell === "" ? Number.NaN : Number(cell);
  });
}

function syntheticCases(): Case[] {
  const specs: [string, number, number, number][] = [
    ["garch 10k daily", 10_000, 0.015, 20],
    ["garch 100k hourly", 100_000, 0.004, 10],
    ["garch 1M 15m", 1_000_000, 0.0015, 3],
  ];
  return specs
    .filter(([, n]) => !small || n === 10_000)
    .map(([name, n, volPerBar, reps], i) => ({
      name,
      values: garchWalk({ length: n, seed: 1000 + i, volPerBar }),
      reps: small ? 1 : reps,
    }));
}

function realCases(): Case[] {
  if (!fs.existsSync(DAILY_DATASET_DIR)) {
    console.log(`(real daily files skipped: ${DAILY_DATASET_DIR} not found)`);
    return [];
  }
  return fs
    .readdirSync(DAILY_DATASET_DIR)
    .filter((file) => file.endsWith(".csv"))
    .sort()
    .map((file) => path.basename(file, ".csv"))
    .filter((symbol) => !small || SMALL_REAL_FILES.includes(symbol))
    .map((symbol) => ({
      name: `real ${symbol}`,
      values: readCloses(path.join(DAILY_DATASET_DIR, `${symbol}.csv`)),
      reps: small ? 1 : 10,
    }));
}

/** Last window plus two seeded random positions whose windows hold only finite values. */
function queryStarts(values: Float64Array, m: number, seed: number): number[] {
  const rand = mulberry32(seed);
  const eligible = (s: number) => values.subarray(s, s + m).every(Number.isFinite);
  const starts = [values.length - m];
  while (starts.length < 3) {
    const s = randomInt(rand, values.length - m + 1);
    if (eligible(s) && !starts.includes(s)) starts.push(s);
  }
  return starts.filter(eligible);
}

function check(label: string, ref: NaiveMatch[], comp: Parameters<typeof describeMismatch>[1], row: Row): void {
  row.checked++;
  const mismatch = describeMismatch(ref, comp);
  if (mismatch !== null) {
    row.mismatches++;
    failures.push(`${label}: ${mismatch}`);
  }
}

function kernelLabel(variant: Variant, windows: number, m: number): string {
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
  result: Parameters<typeof describeMismatch>[1];
  row: Row;
  metric: "l1" | "l2";
}

/**
 * Times every variant first and keeps the results; the oracle runs afterwards, so its heavy allocation
 * (one object per window) does not leave garbage-collection pauses inside the timed runs.
 */
function benchCase(testCase: Case, rows: Row[]): void {
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
    for (const variant of VARIANTS) {
      const row = emptyRow(name, n, m, variant.label, kernelLabel(variant, windows, m), floorMs);
      const run = (series: PreparedSeries, q: number) =>
        searchSeries(series, queries[q], { ...optionsFor(q), metric: variant.metric, algorithm: variant.algorithm });
      const keep = (label: string, query: number, result: Parameters<typeof describeMismatch>[1]) =>
        pending.push({ label: `${name} m=${m} ${variant.label} query@${starts[query]} ${label}`, query, result, row, metric: variant.metric });
      const series = prepareSeries(values);
      const [cold, coldMs] = time(() => run(series, 0));
      row.coldMs = coldMs;
      keep("cold", 0, cold);
      for (let q = 0; q < queries.length; q++) keep("warm-up", q, run(series, q));
      const times: number[] = [];
      for (let rep = 0; rep < reps; rep++) {
        for (let q = 0; q < queries.length; q++) {
          const [result, ms] = time(() => run(series, q));
          times.push(ms);
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
    for (const { label, query, result, row, metric } of pending) check(label, oracle[metric].results[query], result, row);
    for (const row of caseRows) {
      row.oracleMs = oracle[row.variant === "l1" ? "l1" : "l2"].ms;
      row.timesFasterThanOracle = row.oracleMs / row.warmMedianMs;
      rows.push(row);
      printRow(row);
    }
  }
}

function emptyRow(name: string, n: number, m: number, variant: string, kernel: string, floorMs: number): Row {
  return {
    case: name,
    n,
    m,
    variant,
    kernel,
    coldMs: 0,
    warmMedianMs: 0,
    warmP90Ms: 0,
    mWindowsPerSec: 0,
    oracleMs: 0,
    timesFasterThanOracle: 0,
    floorMs,
    timesAboveFloor: 0,
    checked: 0,
    mismatches: 0,
  };
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
  for (const metric of ["l2", "l1"] as const) {
    const row = emptyRow(`screen ${cases.length} real files`, windows, m, metric, metric === "l1" ? "l1-ea" : "auto per series", floorMs);
    const prepared = values.map((v) => prepareSeries(v));
    const run = () => searchMany(prepared, query, { k: K, metric, excludeRanges });
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
    results.forEach((result, i) => check(`screen ${metric} ${i === 0 ? "cold" : `rep ${i - 1}`}`, ref, result, row));
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

const COLUMNS: [string, number, (r: Row) => string][] = [
  ["case", 22, (r) => r.case],
  ["n", 9, (r) => String(r.n)],
  ["m", 4, (r) => String(r.m)],
  ["variant", 10, (r) => r.variant],
  ["kernel", 16, (r) => r.kernel],
  ["cold ms", 9, (r) => r.coldMs.toFixed(2)],
  ["warm ms", 9, (r) => r.warmMedianMs.toFixed(3)],
  ["p90 ms", 9, (r) => r.warmP90Ms.toFixed(3)],
  ["Mwin/s", 8, (r) => r.mWindowsPerSec.toFixed(1)],
  ["oracle ms", 10, (r) => r.oracleMs.toFixed(1)],
  ["x oracle", 9, (r) => r.timesFasterThanOracle.toFixed(1)],
  ["floor ms", 9, (r) => r.floorMs.toFixed(3)],
  ["x floor", 8, (r) => r.timesAboveFloor.toFixed(0)],
  ["checks", 7, (r) => (r.mismatches === 0 ? `${r.checked} ok` : `${r.mismatches} BAD`)],
];

function printHeader(): void {
  console.log(COLUMNS.map(([title, width]) => title.padStart(width)).join(" "));
}

function printRow(row: Row): void {
  console.log(COLUMNS.map(([, width, cell]) => cell(row).padStart(width)).join(" "));
}

/** Target lines from pattern-search.md §4 (warm, one core, exact top-10), for the default variants. */
function targetReport(rows: Row[]): string[] {
  const lines: string[] = [];
  const l2Limits: [number, number][] = [
    [10_000, 1.5],
    [100_000, 5],
    [1_000_000, 50],
  ];
  for (const row of rows) {
    if (row.case.startsWith("garch") && row.variant === "l2") {
      const limit = l2Limits.find(([n]) => row.n === n)?.[1];
      if (limit !== undefined) {
        const verdict = row.warmMedianMs <= limit ? "met" : "MISSED";
        lines.push(`L2 ${row.case} m=${row.m}: ${row.warmMedianMs.toFixed(3)} ms (target <= ${limit} ms) ${verdict}`);
      }
    }
    if (row.variant === "l1" && !row.case.startsWith("real")) {
      const verdict = row.timesFasterThanOracle >= 4 ? "met" : "MISSED";
      lines.push(`L1 ${row.case} m=${row.m}: ${row.timesFasterThanOracle.toFixed(1)}x the oracle (target >= 4x) ${verdict}`);
    }
  }
  return lines;
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
        searchSeries(series, values.slice(0, m), { k: K, metric: variant.metric, algorithm: variant.algorithm, excludeRange: [0, m] });
      }
    }
  }
}

function main(): void {
  const cpu = os.cpus()[0]?.model ?? "unknown";
  console.log(`node ${process.version} | ${cpu} | ${os.cpus().length} CPUs | single thread | k=${K} | ${small ? "--small" : "full"}`);
  warmUpJit();
  printHeader();
  const rows: Row[] = [];
  const real = realCases();
  for (const testCase of [...syntheticCases(), ...real]) benchCase(testCase, rows);
  benchScreen(real, rows);
  const targets = targetReport(rows);
  console.log("\nTargets (pattern-search.md §4):");
  for (const line of targets) console.log(`  ${line}`);
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(`peak RSS ${maxRssMb.toFixed(0)} MB`);
  if (jsonFile !== undefined) {
    const header = { node: process.version, cpu, cpus: os.cpus().length, singleThread: true, small, k: K, maxRssMb };
    fs.writeFileSync(jsonFile, `${JSON.stringify({ header, rows, targets, failures }, null, 2)}\n`);
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
