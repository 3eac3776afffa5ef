import { beforeEach, expect, it } from "vitest";
import type { Database } from "../../src/storage/create-database.js";
import { precompiledQuery } from "../../src/storage/precompiled-query.js";
import { PaymentClaims } from "../../src/storage/repos/payment-claims.js";
import { SettlementLedger, type SettlementRecord } from "../../src/storage/repos/settlement-ledger.js";
import { describeOnEachDatabase, emptiedBeforeEach } from "../support/test-databases.js";

/** A query built once and run many times writes exactly what the same query built each time would. */
const insertRow = precompiledQuery<{ requestId: string; payer: string | null; createdAtMs: number }>((db, slot) =>
  db.insertInto("settlements").values({
    created_at_ms: slot("createdAtMs"),
    request_id: slot("requestId"),
    operation_id: "fixed-operation",
    protocol: "x402",
    phase: "verify",
    payer: slot("payer"),
    amount_atomic: "1000",
    asset: "0xasset",
    network: "eip155:8453",
    transaction_hash: null,
    status: "ok",
    error_reason: null,
    claim_key: null,
  }),
);

const settleRow = (requestId: string): SettlementRecord => ({
  createdAtMs: 1_700_000_000_123,
  requestId,
  operationId: "get_latest_price",
  protocol: "mpp",
  phase: "settle",
  payer: "0xpayer",
  amountAtomic: "1000",
  asset: "0xasset",
  network: "eip155:8453",
  transactionHash: "0xtx",
  status: "ok",
  errorReason: null,
});

describeOnEachDatabase("precompiled queries", (open) => {
  let database: Database;
  const emptied = emptiedBeforeEach(open);
  beforeEach(() => {
    database = emptied();
  });

  it("fills each run's values by name, keeps the constants, and runs inside a transaction too", async () => {
    const runs = [
      { requestId: "first", payer: "0xa", createdAtMs: 1 },
      { requestId: "second; drop table settlements --", payer: null, createdAtMs: 2 ** 40 },
      { requestId: "third", payer: "0x'quoted'", createdAtMs: 3 },
    ];
    await insertRow(database.db, runs[0]!);
    await insertRow(database.db, runs[1]!);
    await database.db.transaction().execute((trx) => insertRow(trx, runs[2]!));
    const rows = await database.db.selectFrom("settlements").selectAll().orderBy("id").execute();
    expect(rows.map((row) => ({ requestId: row.request_id, payer: row.payer, createdAtMs: Number(row.created_at_ms) }))).toEqual(runs);
    expect(new Set(rows.map((row) => `${row.operation_id}|${row.protocol}|${row.phase}|${row.amount_atomic}|${row.status}`))).toEqual(
      new Set(["fixed-operation|x402|verify|1000|ok"]),
    );
  });

  it("refuses a run without one of its values instead of writing the marker", async () => {
    await expect(insertRow(database.db, { requestId: "r", createdAtMs: 1 } as never)).rejects.toThrow(/no value for payer/);
    await expect(insertRow(database.db, Object.assign(Object.create({ payer: "inherited" }), { requestId: "r", createdAtMs: 1 }))).rejects.toThrow(
      /no value for payer/,
    );
    expect(await database.db.selectFrom("settlements").selectAll().execute()).toEqual([]);
  });

  it("claims once, marks settling once, and records one outcome with its ledger row, as built each time", async () => {
    const claims = new PaymentClaims(database.db);
    const claim = {
      network: "eip155:8453",
      asset: "0xASSET",
      payer: "0xPAYER",
      nonce: "0xNONCE",
      amountAtomic: "1000",
      payTo: "0xPAYTO",
      validBeforeS: 1_700_000_100,
      requestId: "req-1",
      operationId: "get_latest_price",
      claimedAtMs: 1_700_000_000_000,
      paymentJson: "{}",
    };
    expect(await claims.claim(claim)).toBe(true);
    expect(await claims.claim({ ...claim, requestId: "req-2" })).toBe(false);
    const key = "eip155:8453|0xasset|0xpayer|0xnonce";
    expect(await claims.markSettling(key, 1_700_000_000_500)).toBe(true);
    expect(await claims.markSettling(key, 1_700_000_000_600)).toBe(false);
    const outcome = { state: "settled" as const, transactionHash: "0xtx", reason: null, atMs: 1_700_000_001_000 };
    expect(await claims.resolve(key, outcome, "settling", settleRow("req-1"))).toBe(true);
    expect(await claims.resolve(key, outcome, "settling", settleRow("req-1"))).toBe(false);

    const [stored] = await claims.inState("settled", Number.MAX_SAFE_INTEGER, 10);
    expect(stored).toMatchObject({ claimKey: key, asset: "0xasset", payer: "0xpayer", payTo: "0xpayto", requestId: "req-1", settlingAtMs: 1_700_000_000_500, outcomeAtMs: 1_700_000_001_000, transactionHash: "0xtx", outcomeReason: null });
    expect(stored).not.toHaveProperty("protocol");
    expect(await new SettlementLedger(database.db).recent(10)).toEqual([settleRow("req-1")]);
  });
});
