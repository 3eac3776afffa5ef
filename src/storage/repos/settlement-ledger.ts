import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../database-schema.js";
import { precompiledQuery } from "../precompiled-query.js";

export interface SettlementRecord {
  createdAtMs: number;
  requestId: string;
  operationId: string;
  protocol: "x402" | "mpp";
  phase: "verify" | "settle";
  payer: string | null;
  amountAtomic: string;
  asset: string;
  network: string;
  transactionHash: string | null;
  status: "ok" | "failed";
  errorReason: string | null;
}

/** A ledger row's values: the record, and the claim it is the outcome row of (or null). */
type SettlementValues = SettlementRecord & { claimKey: string | null };

/** Every paid call writes two (its verify row and its settle row): built once (../precompiled-query.ts). */
const insertSettlementRow = precompiledQuery<SettlementValues>((db, slot) =>
  db
    .insertInto("settlements")
    .values({
      created_at_ms: slot("createdAtMs"),
      request_id: slot("requestId"),
      operation_id: slot("operationId"),
      protocol: slot("protocol"),
      phase: slot("phase"),
      payer: slot("payer"),
      amount_atomic: slot("amountAtomic"),
      asset: slot("asset"),
      network: slot("network"),
      transaction_hash: slot("transactionHash"),
      status: slot("status"),
      error_reason: slot("errorReason"),
      claim_key: slot("claimKey"),
    })
    .onConflict((oc) => oc.column("claim_key").doNothing()),
);

/**
 * Appends one ledger row. `claimKey` marks the outcome row of a payment claim: at most one per claim (a unique
 * index), so a second writer of the same outcome (reconciliation on another node) inserts nothing.
 */
export async function insertSettlement(db: Kysely<DatabaseSchema>, entry: SettlementRecord, claimKey: string | null): Promise<void> {
  await insertSettlementRow(db, { ...entry, claimKey });
}

/** Append-only record of every payment verification and settlement attempt. */
export class SettlementLedger {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async record(entry: SettlementRecord): Promise<void> {
    await insertSettlement(this.db, entry, null);
  }

  async recent(limit: number): Promise<SettlementRecord[]> {
    const rows = await this.db.selectFrom("settlements").selectAll().orderBy("id", "desc").limit(limit).execute();
    return rows.map((r) => ({
      createdAtMs: Number(r.created_at_ms),
      requestId: r.request_id,
      operationId: r.operation_id,
      protocol: r.protocol,
      phase: r.phase,
      payer: r.payer,
      amountAtomic: r.amount_atomic,
      asset: r.asset,
      network: r.network,
      transactionHash: r.transaction_hash,
      status: r.status,
      errorReason: r.error_reason,
    }));
  }

  /** Settled transactions per hash: a replayed payment must never appear twice with status ok. */
  async settledCountByTransaction(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom("settlements")
      .select(["transaction_hash"])
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("phase", "=", "settle")
      .where("status", "=", "ok")
      .groupBy("transaction_hash")
      .execute();
    return new Map(rows.map((r) => [r.transaction_hash ?? "", Number(r.n)]));
  }
}
