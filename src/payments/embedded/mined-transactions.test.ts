/**
 * The journal written beside the settlements (./mined-transactions.ts): a settlement is reported only once its
 * transaction's line is on disk, lines keep mining order with each block's own timestamp under concurrent
 * settlements, and a chain replayed from them holds every balance and every used authorization.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { x402Client } from "@x402/core/client";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { keccak256, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from "viem/accounts";
import { afterEach, describe, expect, it } from "vitest";
import { BASE_NETWORK, BASE_USDC_ADDRESS, createEmbeddedPaymentNetwork, type LocalPaymentNetwork } from "./embedded-facilitator.js";

const PRICE = 1_000n;
const opened: LocalPaymentNetwork[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const network of opened.splice(0)) await network.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function open(journalFile: string, facilitatorPrivateKey: Hex): Promise<LocalPaymentNetwork> {
  const network = await createEmbeddedPaymentNetwork({ journalFile, facilitatorPrivateKey });
  opened.push(network);
  return network;
}

function journalLines(file: string): { raw: Hex; ts: number }[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as { raw: Hex; ts: number });
}

describe("transactions mined by the embedded payment network", () => {
  it("are on disk, in mining order with their block's time, when their settlement is reported, and replay whole", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mined-"));
    dirs.push(dir);
    const journalFile = path.join(dir, "chain-journal.ndjson");
    const key = generatePrivateKey();
    const network = await open(journalFile, key);
    const payTo = privateKeyToAddress(generatePrivateKey());
    const requirements: PaymentRequirements = {
      scheme: "exact",
      network: BASE_NETWORK,
      amount: PRICE.toString(),
      asset: BASE_USDC_ADDRESS,
      payTo,
      maxTimeoutSeconds: 60,
      extra: { name: "USD Coin", version: "2" },
    };
    const payers = Array.from({ length: 12 }, () => privateKeyToAccount(generatePrivateKey()));
    // Mints side by side: each resolves only once its own line is written.
    const mintHashes = await Promise.all(payers.map((payer) => network.mintUsdc(payer.address, 3n * PRICE)));
    const written = new Set(journalLines(journalFile).map((line) => keccak256(line.raw)));
    for (const hash of mintHashes) expect(written.has(hash)).toBe(true);

    const payloads: PaymentPayload[] = await Promise.all(
      payers.map((payer) =>
        registerExactEvmScheme(new x402Client(), { signer: payer }).createPaymentPayload({
          x402Version: 2,
          resource: { url: "http://localhost/test", description: "journal test" },
          accepts: [requirements],
        }),
      ),
    );
    const onDiskWhenReported: boolean[] = [];
    const settled = await Promise.all(
      payloads.map(async (payload) => {
        const verified = await network.facilitator.verify(payload, requirements);
        expect(verified.isValid).toBe(true);
        const result = await network.facilitator.settle(payload, requirements);
        // Read at the moment the settlement is reported, before anything else runs.
        onDiskWhenReported.push(journalLines(journalFile).some((line) => keccak256(line.raw) === result.transaction));
        return result;
      }),
    );
    expect(settled.map((result) => result.success)).toEqual(Array(12).fill(true));
    expect(onDiskWhenReported).toEqual(Array(12).fill(true));

    const lines = journalLines(journalFile);
    expect(lines).toHaveLength(24);
    let previousBlock = -1;
    for (const line of lines) {
      const receipt = (await network.chainRequest("eth_getTransactionReceipt", [keccak256(line.raw)])) as { blockNumber: Hex };
      const block = (await network.chainRequest("eth_getBlockByNumber", [receipt.blockNumber, false])) as { timestamp: Hex };
      expect(Number(BigInt(receipt.blockNumber))).toBeGreaterThan(previousBlock);
      expect(line.ts).toBe(Number(BigInt(block.timestamp)));
      previousBlock = Number(BigInt(receipt.blockNumber));
    }
    await network.close();

    const replayed = await open(journalFile, key);
    expect(replayed.replayedTransactions).toBe(24);
    expect(await replayed.balanceOf(payTo)).toBe(12n * PRICE);
    for (const payer of payers) expect(await replayed.balanceOf(payer.address)).toBe(2n * PRICE);
    for (const payload of payloads) {
      const { from, nonce } = (payload.payload as { authorization: { from: Hex; nonce: Hex } }).authorization;
      expect((await replayed.authorizationState(from, nonce)).used).toBe(true);
    }
    // The same payment again is refused by the replayed chain: the authorization is spent there too.
    expect((await replayed.facilitator.settle(payloads[0]!, requirements)).success).toBe(false);
  });
});
