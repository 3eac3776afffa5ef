import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedPaymentNetwork, type EmbeddedPaymentNetwork } from "./embedded-facilitator.js";
import { rehearseVerify } from "./verify-rehearsal.js";

describe("verify rehearsal (payment thread warm-up)", () => {
  let net: EmbeddedPaymentNetwork;
  beforeAll(async () => {
    net = await createEmbeddedPaymentNetwork();
  });
  afterAll(async () => {
    await net.close();
  });

  it("runs the stock verify to its balance check and leaves the chain as it was", async () => {
    const blockBefore = await net.chainRequest("eth_blockNumber");
    const answer = await rehearseVerify(net.facilitator);
    expect(answer.isValid).toBe(false);
    // Signature, recipient, window and amount checks passed; only the empty balance stopped it.
    expect(answer.invalidReason).toContain("insufficient_balance");
    expect(await net.chainRequest("eth_blockNumber")).toBe(blockBefore);
  });
});
