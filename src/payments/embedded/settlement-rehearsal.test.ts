import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedPaymentNetwork, type LocalPaymentNetwork } from "./embedded-facilitator.js";
import { rehearsalPayment, rehearseSettlement } from "./settlement-rehearsal.js";

describe("settlement rehearsal (payment thread warm-up)", () => {
  let net: LocalPaymentNetwork;
  let dir: string;
  let journalFile: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "settlement-rehearsal-"));
    journalFile = path.join(dir, "chain-journal.ndjson");
    net = await createEmbeddedPaymentNetwork({ journalFile });
  });
  afterAll(async () => {
    await net.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const chainState = async () => ({
    block: await net.chainRequest("eth_blockNumber"),
    facilitatorNonce: await net.chainRequest("eth_getTransactionCount", [net.facilitatorAddress, "latest"]),
    journal: fs.existsSync(journalFile) ? fs.readFileSync(journalFile, "utf8") : "",
  });

  it("settles a real authorization with the stock x402 facilitator, then leaves chain and journal as they were", async () => {
    const before = await chainState();
    const settled = await rehearseSettlement(net);
    expect(settled.success).toBe(true);
    expect(settled.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await chainState()).toEqual(before);
    // The settlement existed only on the fork.
    expect(await net.chainRequest("eth_getTransactionReceipt", [settled.transaction])).toBeNull();
  });

  it("leaves the network settling real payments afterwards, journaled, with the nonce read again", async () => {
    const payer = privateKeyToAccount(generatePrivateKey());
    await net.mintUsdc(payer.address, 10n);
    const { payload, requirements } = await rehearsalPayment(payer, 3n);
    expect((await net.facilitator.verify(payload, requirements)).isValid).toBe(true);
    const settled = await net.facilitator.settle(payload, requirements);
    expect(settled.success).toBe(true);
    expect(await net.balanceOf(payer.address)).toBe(7n);
    expect(await net.balanceOf(requirements.payTo as `0x${string}`)).toBe(3n);
    expect(fs.readFileSync(journalFile, "utf8").trim().split("\n")).toHaveLength(2); // the mint and the settlement
  });

  it("closes the network and throws when the chain cannot settle the rehearsal (the start then stops)", async () => {
    const own = await createEmbeddedPaymentNetwork();
    const refusing: LocalPaymentNetwork = { ...own, facilitator: { ...own.facilitator, verify: async () => ({ isValid: false, invalidReason: "refused_here" }) } };
    await expect(rehearseSettlement(refusing)).rejects.toThrow("verify refused (refused_here)");
    await expect(own.balanceOf(own.facilitatorAddress)).rejects.toThrow(/closed/);
  });

  it("undoes the fork also when the rehearsed work throws", async () => {
    const before = await chainState();
    const who = privateKeyToAccount(generatePrivateKey()).address;
    await expect(
      net.onThrowawayFork(async () => {
        await net.mintUsdc(who, 5n);
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    expect(await net.balanceOf(who)).toBe(0n);
    expect(await chainState()).toEqual(before);
  });
});
