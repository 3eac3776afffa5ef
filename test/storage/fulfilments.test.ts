import { expect, it } from "vitest";
import type { FulfilmentStart } from "../../src/domain/fulfilment.js";
import { Fulfilments } from "../../src/storage/repos/fulfilments.js";
import { describeOnEachDatabase } from "../support/test-databases.js";

const T0 = Date.parse("2026-11-23T14:00:00.000Z");

const start = (requestId: string, createdAtMs: number): FulfilmentStart => ({
  requestId,
  createdAtMs,
  payer: "0x1111111111111111111111111111111111111111",
  sellerUrl: "https://seller.example.com/api/weather?city=Paris",
  sellerMethod: "GET",
  callerQuoteAtomic: "10500",
});

describeOnEachDatabase("fulfilment log", (open) => {
  it("opens a purchase as paying, finishes it exactly once, and keeps every purchase", async () => {
    const log = new Fulfilments((await open()).db);
    await log.open(start("req-b", T0 + 2000));
    await log.open(start("req-a", T0 + 1000));
    await expect(log.open(start("req-a", T0 + 3000))).rejects.toThrow();
    expect(await log.byRequestId("req-a")).toMatchObject({ outcome: "paying", callerQuoteAtomic: "10500", sellerTransaction: null, finishedAtMs: undefined });

    const delivered = {
      outcome: "delivered" as const,
      sellerAmountAtomic: "10000",
      sellerPayTo: "0x2222222222222222222222222222222222222222",
      sellerTransaction: `0x${"ab".repeat(32)}`,
      sellerStatus: 200,
      detail: null,
      finishedAtMs: T0 + 5000,
    };
    expect(await log.finish("req-a", delivered)).toBe(true);
    // A finished purchase is never rewritten (a retry or a second node cannot turn delivered into failed).
    expect(await log.finish("req-a", { ...delivered, outcome: "seller_failed", sellerStatus: 500 })).toBe(false);
    expect(await log.finish("req-unknown", delivered)).toBe(false);
    expect(await log.byRequestId("req-a")).toEqual({ ...start("req-a", T0 + 1000), ...delivered });
    expect((await log.all()).map((r) => [r.requestId, r.outcome])).toEqual([
      ["req-a", "delivered"],
      ["req-b", "paying"],
    ]);
  });
});
