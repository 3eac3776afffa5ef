import type { PeerTableRow } from "./pattern-peers.js";
import { caseColumns, headerLine, rowLine, type Column } from "./text-table.js";

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

const COLUMNS: Column<Row>[] = [
  ...caseColumns<Row>(),
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
  console.log(headerLine(COLUMNS));
}

export function printRow(row: Row): void {
  console.log(rowLine(COLUMNS, row));
}

/**
 * Target lines (warm, one core, exact top-10) for the default engine: issue 11's (>= 3x numpy FFT MASS with
 * precomputed statistics at every (n, m); 1M bars at m=60 within 5 ms; L1 at 1M/m=250 within 40 ms), then
 * pattern-search.md §4's.
 */
export function targetReport(rows: Row[], peers: PeerTableRow[]): string[] {
  const lines: string[] = [];
  for (const peer of peers) {
    const verdict = peer.timesFasterThanMass >= 3 ? "met" : "MISSED";
    lines.push(`L2 ${peer.case} m=${peer.m}: ${peer.timesFasterThanMass.toFixed(1)}x numpy MASS (target >= 3x) ${verdict}`);
  }
  for (const row of rows) {
    if (row.n === 1_000_000 && row.case.startsWith("garch")) {
      if (row.variant === "l2" && row.m === 60) {
        lines.push(`L2 1M m=60: ${row.warmMedianMs.toFixed(2)} ms (target <= 5 ms) ${row.warmMedianMs <= 5 ? "met" : "MISSED"}`);
      }
      if (row.variant === "l1" && row.m === 250) {
        lines.push(`L1 1M m=250: ${row.warmMedianMs.toFixed(2)} ms (target <= 40 ms) ${row.warmMedianMs <= 40 ? "met" : "MISSED"}`);
      }
    }
  }
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
