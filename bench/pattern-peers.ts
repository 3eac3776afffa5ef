/**
 * The engine beside the numpy peers (bench/peers/numpy_peers.py): per (case, m), warm median ms of the
 * engine's L2 top-10 (wasm kernels, and the pure-JS fallback), of numpy brute force and of numpy FFT MASS
 * with precomputed window statistics, the ratios, and whether every peer top-10 equals the engine's.
 */
import type { WindowMatch } from "../src/core/search-series.js";
import { comparePeer, runNumpyPeers } from "./numpy-peers.js";
import type { Case } from "./pattern-cases.js";
import { median } from "./sorted-stats.js";
import { caseColumns, headerLine, rowLine, type Column } from "./text-table.js";

export interface PeerTableRow {
  case: string;
  n: number;
  m: number;
  engineMs: number;
  engineJsMs: number;
  bruteMs: number;
  massMs: number;
  /** Peer time / engine time: how many times faster the engine is. */
  timesFasterThanBrute: number;
  timesFasterThanMass: number;
  checked: number;
  ties: number;
  mismatches: number;
}

/**
 * Repetitions per query: numpy brute force at 1M bars and m=250 takes seconds, so it runs once there. MASS
 * also runs until its calls add up to 35 ms per query (about the engine's MIN_WARM_MS per cell of three
 * queries in patterns.ts), so a short series' median is not decided by a few milliseconds of the VM.
 */
function repsFor(n: number): { reps: number; bruteReps: number; massMinMs: number } {
  const massMinMs = 35;
  if (n >= 1_000_000) return { reps: 5, bruteReps: 1, massMinMs };
  if (n >= 100_000) return { reps: 10, bruteReps: 3, massMinMs };
  return { reps: 20, bruteReps: 5, massMinMs };
}

export function benchPeers(
  testCase: Case,
  m: number,
  starts: number[],
  engineMs: number,
  engineJsMs: number,
  engineResults: WindowMatch[][],
  k: number,
  failures: string[],
): PeerTableRow {
  const peers = runNumpyPeers(testCase.values, new Map([[m, starts]]), { k, ...repsFor(testCase.values.length) });
  const row: PeerTableRow = {
    case: testCase.name,
    n: testCase.values.length,
    m,
    engineMs,
    engineJsMs,
    bruteMs: median(peers.map((p) => p.brute.ms).sort((a, b) => a - b)),
    massMs: median(peers.map((p) => p.mass.ms).sort((a, b) => a - b)),
    timesFasterThanBrute: 0,
    timesFasterThanMass: 0,
    checked: 0,
    ties: 0,
    mismatches: 0,
  };
  row.timesFasterThanBrute = row.bruteMs / engineMs;
  row.timesFasterThanMass = row.massMs / engineMs;
  for (const peer of peers) {
    const q = starts.indexOf(peer.start);
    for (const [label, result] of [["numpy brute", peer.brute], ["numpy mass", peer.mass]] as const) {
      row.checked++;
      const { mismatch, ties } = comparePeer(engineResults[q], result.matches);
      row.ties += ties;
      if (mismatch !== null) {
        row.mismatches++;
        failures.push(`${testCase.name} m=${m} query@${peer.start} ${label}: ${mismatch}`);
      }
    }
  }
  return row;
}

const COLUMNS: Column<PeerTableRow>[] = [
  ...caseColumns<PeerTableRow>(),
  ["engine ms", 10, (r) => r.engineMs.toFixed(3)],
  ["js ms", 9, (r) => r.engineJsMs.toFixed(3)],
  ["np brute", 10, (r) => r.bruteMs.toFixed(2)],
  ["np mass", 9, (r) => r.massMs.toFixed(3)],
  ["x brute", 8, (r) => r.timesFasterThanBrute.toFixed(0)],
  ["x mass", 7, (r) => r.timesFasterThanMass.toFixed(1)],
  ["top-10", 12, (r) => (r.mismatches === 0 ? `${r.checked} equal${r.ties > 0 ? ` ${r.ties}t` : ""}` : `${r.mismatches} BAD`)],
];

/** Prints the whole peer table (after the main table, whose rows print as they are measured). */
export function printPeerHeader(rows: PeerTableRow[]): void {
  console.log("\nL2 top-10, warm median ms: engine (wasm) and its JS fallback beside the numpy peers (x = peer ms / engine ms)");
  console.log(headerLine(COLUMNS));
  for (const row of rows) console.log(rowLine(COLUMNS, row));
}
