import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FacilitatorResponseError } from "@x402/core/server";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import type { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { EmbeddedChainUnavailableError } from "./local-chain.js";
import { spawnPaymentNetworkThread } from "./payment-network-thread.js";

describe("the payment network thread, started without waiting", () => {
  it("knows its facilitator at once, and calls made while the chain boots wait for it", async () => {
    const key = generatePrivateKey();
    const network = spawnPaymentNetworkThread({ facilitatorPrivateKey: key });
    try {
      expect(network.facilitatorAddress).toBe(privateKeyToAddress(key));
      // Asked before the thread is up: answered once it is.
      const [supported, minted] = await Promise.all([
        network.facilitator.getSupported(),
        network.mintUsdc(privateKeyToAddress(generatePrivateKey()), 5n),
      ]);
      expect(supported.signers["eip155:*"]).toEqual([network.facilitatorAddress]);
      expect(minted).toMatch(/^0x[0-9a-f]{64}$/);
      await expect(network.ready).resolves.toBeUndefined();
    } finally {
      await network.close();
    }
  });

  it("replays its journal in the thread and says how much it replayed once ready", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "payment-thread-"));
    const key = generatePrivateKey();
    const journalFile = path.join(dir, "chain-journal.ndjson");
    const who = privateKeyToAddress(generatePrivateKey());
    const first = spawnPaymentNetworkThread({ facilitatorPrivateKey: key, journalFile });
    await first.mintUsdc(who, 7n);
    await first.close();
    const second = spawnPaymentNetworkThread({ facilitatorPrivateKey: key, journalFile });
    try {
      expect(second.replayedTransactions).toBe(0);
      await second.ready;
      expect(second.replayedTransactions).toBe(1);
      expect(await second.balanceOf(who)).toBe(7n);
    } finally {
      await second.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // Stopped between calls, its chain closed first. Tearing down a thread whose chain (EDR, native) is still open
  // can abort the whole process (EDR's callback into the torn-down isolate is a fatal error in its N-API layer):
  // that case is left to the process supervisor, and the journal and the claims' reconciliation make the restart whole.
  it("starts a new thread after its thread stopped, and the new chain replays the journal", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "payment-thread-"));
    const who = privateKeyToAddress(generatePrivateKey());
    const threads: Worker[] = [];
    const network = spawnPaymentNetworkThread({ facilitatorPrivateKey: generatePrivateKey(), journalFile: path.join(dir, "chain-journal.ndjson") }, { onThreadStarted: (worker) => threads.push(worker) });
    try {
      await network.mintUsdc(who, 7n);
      // The worker's own "close" (its chain stops), then the thread goes: as a thread that ended between calls.
      const closed = new Promise((resolve) => threads[0]!.once("message", resolve));
      threads[0]!.postMessage({ id: -1, method: "close", args: [] });
      await closed;
      await threads[0]!.terminate();
      // The next call starts a second thread, whose chain replays the journal: the mint is still there.
      expect(await network.balanceOf(who)).toBe(7n);
      expect(threads).toHaveLength(2);
      expect(await network.mintUsdc(who, 1n)).toMatch(/^0x[0-9a-f]{64}$/);
      expect(await network.balanceOf(who)).toBe(8n);
    } finally {
      await network.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("tags each verify and settle with the lane its caller is in, and nothing else", async () => {
    const sent: { method: string; lane?: string }[] = [];
    let lane: "cheap" | "heavy" = "heavy";
    const network = spawnPaymentNetworkThread(
      { facilitatorPrivateKey: generatePrivateKey() },
      {
        onThreadStarted: (worker) => {
          const post = worker.postMessage.bind(worker);
          worker.postMessage = (message: { method: string; lane?: string }) => {
            sent.push({ method: message.method, ...(message.lane === undefined ? {} : { lane: message.lane }) });
            post(message);
          };
        },
        laneOfPayment: () => lane,
      },
    );
    try {
      await network.mintUsdc(privateKeyToAddress(generatePrivateKey()), 1n);
      // Not a payment the facilitator accepts: what matters is the message that carried it.
      const requirements = { scheme: "exact", network: "eip155:8453", asset: "0x0", amount: "1", payTo: "0x0", maxTimeoutSeconds: 60, extra: {} };
      await network.facilitator.verify({ x402Version: 2, payload: {}, accepted: requirements, resource: { url: "/x" } } as never, requirements as never).catch(() => undefined);
      lane = "cheap";
      await network.facilitator.settle({ x402Version: 2, payload: {}, accepted: requirements, resource: { url: "/x" } } as never, requirements as never).catch(() => undefined);
      expect(sent.map(({ method, lane }) => `${method}${lane === undefined ? "" : `:${lane}`}`)).toEqual(["mintUsdc", "verify:heavy", "settle:cheap"]);
    } finally {
      await network.close();
    }
  });

  it("rejects `ready` when the chain cannot start, and answers every call as facilitator trouble (a 503, not a bad payment)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "payment-thread-"));
    const notADirectory = path.join(dir, "file");
    fs.writeFileSync(notADirectory, "");
    const network = spawnPaymentNetworkThread({ journalFile: path.join(notADirectory, "chain-journal.ndjson") });
    try {
      await expect(network.ready).rejects.toBeInstanceOf(EmbeddedChainUnavailableError);
      await expect(network.facilitator.getSupported()).rejects.toBeInstanceOf(FacilitatorResponseError);
    } finally {
      await network.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
