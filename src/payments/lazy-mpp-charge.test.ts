import { describe, expect, it } from "vitest";
import { lazyMppCharge } from "./lazy-mpp-charge.js";
import type { MppCharge } from "./mpp-charge.js";

const fakeCharge = (tag: string): MppCharge => ({
  challengeFor: async () => `challenge ${tag}`,
  toX402Payment: async () => ({ kind: "payment", paymentSignature: `signature ${tag}` }),
  receiptFor: (transaction) => `receipt ${tag} ${transaction}`,
});
const required = {} as Parameters<MppCharge["challengeFor"]>[0];

describe("lazyMppCharge", () => {
  it("creates the charge once, on first use, for concurrent callers alike", async () => {
    let created = 0;
    const charge = lazyMppCharge(async () => fakeCharge(String(++created)));
    expect(created).toBe(0);
    const answers = await Promise.all([charge.challengeFor(required), charge.toX402Payment("Payment x", required), charge.load()]);
    expect(answers.slice(0, 2)).toEqual(["challenge 1", { kind: "payment", paymentSignature: "signature 1" }]);
    expect(created).toBe(1);
    expect(charge.receiptFor("0xabc", new Date())).toBe("receipt 1 0xabc");
  });

  it("retries the creation after a failure instead of keeping the error", async () => {
    let attempts = 0;
    const charge = lazyMppCharge(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("module failed to load");
      return fakeCharge("second");
    });
    await expect(charge.challengeFor(required)).rejects.toThrow("module failed to load");
    expect(await charge.challengeFor(required)).toBe("challenge second");
  });

  it("refuses a receipt before any credential was checked (a wiring bug)", () => {
    const charge = lazyMppCharge(async () => fakeCharge("never"));
    expect(() => charge.receiptFor("0xabc", new Date())).toThrow(/before any MPP credential/);
  });
});
