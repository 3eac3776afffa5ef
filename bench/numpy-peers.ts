/**
 * Runs the numpy peers (bench/peers/numpy_peers.py) on one series and compares their top-k with the
 * engine's. Skipped, with a note, when python3 with numpy is not installed.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "peers", "numpy_peers.py");
/** One thread for every numeric library numpy may call, so the comparison is one core against one core. */
const SINGLE_THREAD_ENV = { OPENBLAS_NUM_THREADS: "1", OMP_NUM_THREADS: "1", MKL_NUM_THREADS: "1" };

export type PeerMatch = [start: number, distance: number];

export interface PeerResult {
  ms: number;
  matches: PeerMatch[];
}

export interface PeerRow {
  m: number;
  start: number;
  brute: PeerResult;
  mass: PeerResult;
}

/** The numpy version, or undefined when python3 or numpy is missing. */
export function numpyVersion(): string | undefined {
  const probe = spawnSync("python3", ["-c", "import numpy; print(numpy.__version__)"], { encoding: "utf8" });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
}

export function runNumpyPeers(
  values: Float64Array,
  queries: Map<number, number[]>,
  options: { k: number; reps: number; bruteReps: number; massMinMs: number },
): PeerRow[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-peers-"));
  try {
    const file = path.join(dir, "series.f64");
    fs.writeFileSync(file, new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
    const request = { file, k: options.k, reps: options.reps, brute_reps: options.bruteReps, mass_min_ms: options.massMinMs, queries: Object.fromEntries(queries) };
    const run = spawnSync("python3", [SCRIPT], {
      input: JSON.stringify(request),
      encoding: "utf8",
      env: { ...process.env, ...SINGLE_THREAD_ENV },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.status !== 0) throw new Error(`numpy peers failed: ${run.stderr}`);
    return (JSON.parse(run.stdout) as { rows: PeerRow[] }).rows;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Whether a peer's top-k equals the engine's. Where the starts differ at a rank, the two distances must be
 * equal within 1e-6 (absolute plus relative): a near-tie that the peer's rounding ordered differently
 * (MASS's D^2 = 2m(1 - rho) carries ~1e-8 error). Returns null when equal, else a description.
 */
export function comparePeer(engine: { start: number; distance: number }[], peer: PeerMatch[]): { mismatch: string | null; ties: number } {
  if (engine.length !== peer.length) return { mismatch: `engine returned ${engine.length} matches, peer ${peer.length}`, ties: 0 };
  let ties = 0;
  for (let i = 0; i < engine.length; i++) {
    const [start, distance] = peer[i];
    if (engine[i].start === start) continue;
    if (Math.abs(engine[i].distance - distance) <= 1e-6 * (1 + distance)) {
      ties++;
      continue;
    }
    return { mismatch: `rank ${i}: engine ${engine[i].start}@${engine[i].distance} vs peer ${start}@${distance}`, ties };
  }
  return { mismatch: null, ties };
}
