/**
 * A settled answer leaves only after the payment's claim, marked settling, was synced to disk (the sync runs
 * while the chain settles), so a power loss after the caller got a paid answer cannot take the claim, which the
 * reconciliation job then completes from the chain. Free answers and 402s ask for no sync.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { createTestPayer, type TestPayer } from "../support/test-payer.js";
import { suiteService } from "../support/suite-service.js";
const SYNC_MS = 300;

describe.skipIf(!SHARED_PRESENT)("the payment claim's durability before a paid answer", () => {
  const service = suiteService({ databaseOnDisk: true });
  let payer: TestPayer;
  const syncs: { startedAt: number; doneAt: number }[] = [];
  beforeAll(async () => {
    payer = await createTestPayer(service());
    const { database } = service();
    const realSync = database.syncToDisk.bind(database);
    // The real sync, made slow and observed: the answer must not come before it is done.
    database.syncToDisk = async () => {
      const startedAt = performance.now();
      await realSync();
      await new Promise((resolve) => setTimeout(resolve, SYNC_MS));
      syncs.push({ startedAt, doneAt: performance.now() });
    };
  });

  it("syncs during the settlement and answers only once the sync is done; nothing else asks for one", async () => {
    const quote = await service().app.request("/get_latest_price?ticker=AAPL", { method: "POST" });
    expect(quote.status).toBe(402);
    const free = await service().app.request("/llms.txt");
    expect(free.status).toBe(200);
    expect(syncs).toHaveLength(0);

    const header = await payer.paymentFor("/get_latest_price?ticker=AAPL");
    const asked = performance.now();
    const paid = await service().app.request("/get_latest_price?ticker=AAPL", { method: "POST", headers: { "PAYMENT-SIGNATURE": header } });
    const answered = performance.now();
    expect(paid.status).toBe(200);
    expect(paid.headers.get("payment-response")).not.toBeNull();
    expect(syncs).toHaveLength(1);
    expect(syncs[0]!.startedAt).toBeGreaterThan(asked);
    expect(answered).toBeGreaterThanOrEqual(syncs[0]!.doneAt);
  });
});
