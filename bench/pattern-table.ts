/**
 * The pattern benchmark's table: one row per (case, m, variant), printed as it is measured, the summary
 * statistics used for its cells, and the target lines of pattern-search.md §4.
 */

export interface Row {
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

export function median(sorted: number[]): number {
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export function quantile90(sorted: number[]): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.9 * sorted.length) - 1)];
}

export function emptyRow(name: string, n: number, m: number, variant: string, kernel: string, floorMs: number): Row {
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

export function printHeader(): void {
  console.log(COLUMNS.map(([title, width]) => title.padStart(width)).join(" "));
}

export function printRow(row: Row): void {
  console.log(COLUMNS.map(([, width, cell]) => cell(row).padStart(width)).join(" "));
}

/** Target lines from pattern-search.md §4 (warm, one core, exact top-10), for the default variants. */
export function targetReport(rows: Row[]): string[] {
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
