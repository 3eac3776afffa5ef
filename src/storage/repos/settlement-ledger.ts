import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../database-schema.js";

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

/**
 * Appends one ledger row. `claimKey` marks the outcome row of a payment claim: at most one per claim (a unique
 * index), so a second writer of the same outcome (reconciliation on another node) inserts nothing.
 */
export async function insertSettlement(db: Kysely<DatabaseSchema>, entry: SettlementRecord, claimKey: string | null): Promise<void> {
  await db
    .insertInto("settlements")
    .values({
      created_at_ms: entry.createdAtMs,
      request_id: entry.requestId,
      operation_id: entry.operationId,
      protocol: entry.protocol,
      phase: entry.phase,
      payer: entry.payer,
      amount_atomic: entry.amountAtomic,
      asset: entry.asset,
      network: entry.network,
      transaction_hash: entry.transactionHash,
      status: entry.status,
      error_reason: entry.errorReason,
      claim_key: claimKey,
    })
    .onConflict((oc) => oc.column("claim_key").doNothing())
    .execute();
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
