import fs from "node:fs";
import path from "node:path";
import type { JsonRpcRequest } from "./local-chain.js";

/**
 * Durable state for the in-process chain, which itself lives in memory (hardhat 2 cannot dump and load
 * state). Every raw transaction the chain accepted is appended, with the timestamp of the block that mined
 * it, to an append-only file (one JSON object per line, in mining order, fsync'd before the settlement or
 * mint that sent the transaction is reported: ./mined-transactions.ts; the fsync runs on libuv's thread pool,
 * so the payment thread goes on meanwhile).
 * At boot the transactions are replayed in order, each at its original block time (EIP-3009 authorizations
 * are time-bounded, so replaying later would revert them), and the chain clock is then moved to now.
 * Same facilitator key, same funding, same transactions in the same order: the same balances, the same
 * used authorization nonces and the same facilitator account nonce.
 */
export interface ChainJournal {
  /** Block time of the first recorded transaction: the replayed chain must start before it. */
  readonly firstTimestampS: number | undefined;
  /**
   * Records a transaction just mined: the line is written at once (so lines keep mining order) and is on disk
   * when the promise resolves.
   */
  append(rawTransaction: string, blockTimestampS: number): Promise<void>;
  /** Replays every recorded transaction on a fresh chain; returns how many were replayed. */
  replay(request: (args: JsonRpcRequest) => Promise<unknown>, nowS: number): Promise<number>;
  close(): void;
}

interface JournalLine {
  raw: string;
  ts: number;
}

export function openChainJournal(file: string): ChainJournal {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const lines: JournalLine[] = fs.existsSync(file) ? parseJournal(fs.readFileSync(file, "utf8")) : [];
  const fd = fs.openSync(file, "a", 0o600);
  let closed = false;
  /** The latest fdatasync under way: close() waits for it, so a descriptor is never closed under a sync. */
  let syncing: Promise<void> = Promise.resolve();
  return {
    firstTimestampS: lines[0]?.ts,
    async append(raw, ts) {
      if (closed) return;
      fs.writeSync(fd, `${JSON.stringify({ raw, ts })}\n`);
      const synced = new Promise<void>((resolve, reject) => fs.fdatasync(fd, (error) => (error ? reject(error) : resolve())));
      syncing = synced.catch(() => undefined);
      await synced;
    },
    async replay(request, nowS) {
      let lastS = 0;
      for (const line of lines) {
        // Same-second blocks are allowed by the chain settings, so equal timestamps replay as they were mined.
        await request({ method: "evm_setNextBlockTimestamp", params: [line.ts] });
        await request({ method: "eth_sendRawTransaction", params: [line.raw] });
        lastS = line.ts;
      }
      if (lines.length > 0) {
        await request({ method: "evm_setNextBlockTimestamp", params: [Math.max(nowS, lastS)] });
        await request({ method: "evm_mine" });
      }
      return lines.length;
    },
    close() {
      if (closed) return;
      closed = true;
      void syncing.then(() => fs.closeSync(fd));
    },
  };
}

/** A torn last line (a crash mid-write) is dropped: its transaction's hash was never handed out. */
function parseJournal(text: string): JournalLine[] {
  const lines: JournalLine[] = [];
  for (const raw of text.split("\n")) {
    if (raw.trim() === "") continue;
    try {
      const line = JSON.parse(raw) as JournalLine;
      if (typeof line.raw === "string" && Number.isSafeInteger(line.ts)) lines.push(line);
    } catch {
      break;
    }
  }
  return lines;
}
