/**
 * The pattern benchmark's inputs: seeded GARCH(1,1) t(5) walks of 10k, 100k and 1M points, the close column
 * of every real daily file in ../shared/datasets/daily (read at run time, never copied), and the query
 * positions used on each.
 */
import fs from "node:fs";
import path from "node:path";
import { garchWalk, mulberry32, randomInt } from "../test/support/seeded-rng.js";
import { DAILY_DATASET_DIR } from "../test/support/shared-paths.js";

export interface Case {
  name: string;
  values: Float64Array;
  reps: number;
}

const SMALL_REAL_FILES = ["BTC-USD", "EURUSD", "SPY"];

function readCloses(file: string): Float64Array {
  const lines = fs.readFileSync(file, "utf8").trim().split(/\r?\n/);
  const column = lines[0].split(",").indexOf("close");
  if (column < 0) throw new Error(`${file}: no close column`);
  return Float64Array.from(lines.slice(1), (line) => {
    const cell = line.split(",")[column];
    return cell === undefined || cell === "" ? Number.NaN : Number(cell);
  });
}

export function syntheticCases(small: boolean): Case[] {
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

export function realCases(small: boolean): Case[] {
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
export function queryStarts(values: Float64Array, m: number, seed: number): number[] {
  const rand = mulberry32(seed);
  const eligible = (s: number) => values.subarray(s, s + m).every(Number.isFinite);
  const starts = [values.length - m];
  while (starts.length < 3) {
    const s = randomInt(rand, values.length - m + 1);
    if (eligible(s) && !starts.includes(s)) starts.push(s);
  }
  return starts.filter(eligible);
}
