import type { Hex } from "viem";
import type { ChainJournal } from "./chain-journal.js";
import type { JsonRpcRequest } from "./local-chain.js";

/**
 * What follows a transaction the facilitator's transport has just sent (automine: it is mined by the time its
 * hash comes back), started at once and side by side rather than one after the other in the send:
 * - its receipt is asked for, which the facilitator (and a mint) asks for next: that request is answered with
 *   the one already under way;
 * - its journal line (./chain-journal.ts), which needs the block's timestamp, is written in mining order and
 *   synced to disk. The payment network reports no settlement or mint before its line is on disk (durable()),
 *   so the journal still holds every transaction whose hash ever left the payment thread.
 * Before, a settlement waited for the block read, the write and its fdatasync (~0.6 ms here) before even
 * asking for the receipt; now the sync runs while the facilitator fetches and checks the receipt.
 */
export interface MinedTransactions {
  /** Called with the hash `eth_sendRawTransaction` returned; `journaled`: false on a throwaway fork. */
  mined(rawTransaction: string, hash: Hex, journaled: boolean): void;
  /** The receipt asked for when the transaction was mined, handed out once; undefined when none is held. */
  takeReceipt(hash: Hex): Promise<unknown> | undefined;
  /** Resolves when the transaction's journal line is on disk (at once when none is pending); rejects if it cannot be. */
  durable(hash: Hex): Promise<void>;
  /** Forgets held receipts (after a fork is reverted). */
  forgetReceipts(): void;
}

/** Receipts held at most (a receipt nobody took is dropped with the rest past it). */
const HELD_RECEIPTS_MAX = 1_000;

type Request = (args: JsonRpcRequest) => Promise<unknown>;

export function minedTransactions(request: Request, journal: ChainJournal | undefined): MinedTransactions {
  const receipts = new Map<string, Promise<unknown>>();
  const pending = new Map<string, Promise<void>>();
  /** Resolves once the previous line is written (not yet synced): lines keep the order transactions were mined in. */
  let previousWritten: Promise<void> = Promise.resolve();
  let lastTimestampS = 0;

  return {
    mined(rawTransaction, hash, journaled) {
      const key = hash.toLowerCase();
      const journaling = journal !== undefined && journaled;
      // Asked first, before the receipt and before the send that follows can reach the chain: the latest block is
      // this transaction's, and the line's fsync (the longest step) starts as early as it can.
      const latest = journaling ? request({ method: "eth_getBlockByNumber", params: ["latest", false] }) : undefined;
      if (receipts.size >= HELD_RECEIPTS_MAX) receipts.clear();
      const receipt = request({ method: "eth_getTransactionReceipt", params: [hash] });
      receipt.catch(() => undefined); // whoever takes it sees the failure
      receipts.set(key, receipt);
      if (latest === undefined || journal === undefined) return;

      const minedAt = blockTimestampS(key, latest, receipt, request);
      minedAt.catch(() => undefined); // awaited once the previous line is written; handled there
      let synced: Promise<void> = Promise.resolve();
      const written = previousWritten.then(async () => {
        // A chain that cannot say when it mined (it is failing anyway): the wall clock, never before the last line.
        const timestampS = await minedAt.catch(() => Math.max(lastTimestampS, Math.floor(Date.now() / 1000)));
        lastTimestampS = timestampS;
        synced = journal.append(rawTransaction, timestampS);
      });
      // A line that could not be written stops every later one: a gap would break the replay of all after it.
      previousWritten = written;
      const onDisk = written.then(() => synced);
      pending.set(key, onDisk);
      onDisk.then(
        () => pending.delete(key),
        () => undefined, // kept: durable() of it keeps rejecting
      );
    },
    takeReceipt(hash) {
      const key = hash.toLowerCase();
      const receipt = receipts.get(key);
      receipts.delete(key);
      return receipt;
    },
    durable(hash) {
      return pending.get(hash.toLowerCase()) ?? Promise.resolve();
    },
    forgetReceipts() {
      receipts.clear();
    },
  };
}

/** The timestamp of the block that mined `hash`: the latest block read right after it, or the receipt's block. */
async function blockTimestampS(hash: string, latest: Promise<unknown>, receipt: Promise<unknown>, request: Request): Promise<number> {
  const block = (await latest) as { timestamp: Hex; transactions: string[] };
  if (block.transactions.some((tx) => tx.toLowerCase() === hash)) return Number(BigInt(block.timestamp));
  const { blockNumber } = (await receipt) as { blockNumber: Hex };
  const mined = (await request({ method: "eth_getBlockByNumber", params: [blockNumber, false] })) as { timestamp: Hex };
  return Number(BigInt(mined.timestamp));
}
