import fs from "node:fs";

/** Owner-only modes: the data directory holds the ledger, the request log and the service's private keys. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) readable by its owner only. An existing directory is left as it is. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Makes sure `file` exists with mode 0600, creating it empty if needed and tightening it if an older
 * version of the service left it group- or world-readable (it is ours: nobody else should read it).
 */
export function ensurePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE_MODE));
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/** Tightens `file` to 0600 when it exists (SQLite's -wal and -shm files, left by an older run). */
export function tightenIfPresent(file: string): void {
  if (fs.existsSync(file)) fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/** The group/other permission bits of `file` (0 when only its owner may use it; always 0 on Windows, which has no such bits). */
export function groupOrWorldBits(file: string): number {
  return process.platform === "win32" ? 0 : fs.statSync(file).mode & 0o077;
}
