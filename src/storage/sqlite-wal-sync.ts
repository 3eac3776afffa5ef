import fs from "node:fs";
import { coalescedSync } from "./coalesced-sync.js";

/**
 * Makes the SQLite commits made so far survive a power loss, without blocking the event loop.
 *
 * The connection runs with `synchronous = NORMAL` in WAL mode: a commit writes its frames to the -wal file and
 * returns without fsync. That is durable across a crash of the process (the frames are in the OS's page cache),
 * and SQLite stays consistent after a power loss, but the last commits may then roll back. (better-sqlite3
 * builds SQLite with NORMAL as the WAL default; it is set here so no build can differ. FULL would fsync the
 * WAL on the event loop at every commit, ~0.35 ms here, six commits per paid call: the claim, the ledger's two
 * rows, the settling and settled marks, the request log.) Instead, the WAL is fdatasync'd
 * here, on libuv's thread pool, by whoever needs its writes durable before going on (a settlement: the claim's
 * settling mark, while the chain settles; payments/claiming-facilitator.ts), and once a second for the rest.
 * fsync applies to the file, whichever descriptor asks, and SQLite keeps its -wal file (same inode, rewritten
 * from the start after a checkpoint) for as long as it is open.
 */
export interface WalSync {
  /** Resolves once every commit made before the call is on disk. */
  syncToDisk(): Promise<void>;
  /** A last sync, then the descriptor is closed (before the connection: its close may delete the -wal file). */
  close(): Promise<void>;
}

/** How often commits nobody waited for (free calls' log rows, jobs) are made durable. */
const BACKGROUND_SYNC_MS = 1_000;

export function sqliteWalSync(databaseFile: string): WalSync {
  const walFile = `${databaseFile}-wal`;
  let fd: number | undefined;
  let closed = false;
  const syncOnce = async (): Promise<void> => {
    if (closed) return;
    if (fd === undefined) {
      // SQLite creates the -wal file with the first connection in WAL mode; none yet means nothing to sync.
      if (!fs.existsSync(walFile)) return;
      fd = fs.openSync(walFile, "r");
    }
    const descriptor = fd;
    await new Promise<void>((resolve, reject) => fs.fdatasync(descriptor, (error) => (error ? reject(error) : resolve())));
  };
  const syncToDisk = coalescedSync(syncOnce);
  const background = setInterval(() => void syncToDisk().catch(() => undefined), BACKGROUND_SYNC_MS);
  background.unref();
  return {
    syncToDisk,
    async close() {
      if (closed) return;
      clearInterval(background);
      await syncToDisk().catch(() => undefined);
      closed = true;
      if (fd !== undefined) fs.closeSync(fd);
      fd = undefined;
    },
  };
}
