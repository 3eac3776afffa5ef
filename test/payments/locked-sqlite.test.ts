import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Service } from "../../src/main/build-service.js";
import { createTestPayer, decodeHeader } from "../support/test-payer.js";
import { startServiceOnDataDir } from "../support/test-service.js";
import { SHARED_MISSING_REASON, SHARED_PRESENT } from "../support/shared-paths.js";

describe.skipIf(!SHARED_PRESENT)("payments while another process holds the SQLite write lock", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-locked-"));
  let service: Service;
  beforeAll(async () => {
    service = await startServiceOnDataDir(dataDir);
  });
  afterAll(async () => {
    await service?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("fails paid calls fast with 503, keeps the event loop moving, and settles nothing without a ledger row", async () => {
    const payer = await createTestPayer(service);
    const locker = new BetterSqlite3(path.join(dataDir, "precedent.sqlite"));
    locker.exec("BEGIN IMMEDIATE"); // holds the write lock, as another process mid-transaction would
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let paid: Response;
    const free: number[] = [];
    try {
      paid = await payer.pay("/api");
      for (let i = 0; i < 3; i++) free.push((await service.app.request("/openapi.json")).status);
    } finally {
      delay.disable();
      locker.exec("COMMIT");
      locker.close();
    }
    // Before this change the busy wait was 5 s per statement, all of it blocking the event loop.
    expect(delay.max / 1e6).toBeLessThan(1_000);
    expect(paid.status).toBe(503);
    expect(paid.headers.get("retry-after")).not.toBeNull();
    expect(((await paid.json()) as { error: { code: string } }).error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(free).toEqual([200, 200, 200]);
    expect(await payer.balance()).toBe(10_000_000n);

    // Lock released: the next payment settles, and its ledger row (the claim) records the transaction.
    const ok = await payer.pay("/api");
    expect(ok.status).toBe(200);
    const { transaction } = decodeHeader<{ transaction: string }>(ok.headers.get("payment-response"));
    const rows = await service.database.db.selectFrom("payment_claims").selectAll().execute();
    expect(rows.map((r) => [r.state, r.transaction_hash])).toEqual([["settled", transaction]]);
    expect(await payer.balance()).toBe(9_990_000n);
  });
});

if (!SHARED_PRESENT) console.warn(SHARED_MISSING_REASON);
