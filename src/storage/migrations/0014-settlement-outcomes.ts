import { sql, type Kysely, type Migration } from "kysely";

// Frozen once released. A claim's outcome and its settle row in the ledger are written in one transaction
// (PaymentClaims.resolve); `settlements.claim_key` links the row to its claim, and its unique index allows one
// outcome row per claim, so reconciliation on several nodes cannot write it twice. `payment_claims.protocol`
// keeps which protocol paid, for rows written by reconciliation (null: x402, or a claim older than this column).
//
// Before this, the settle row was a separate write after the claim's `settled` mark (and reconciliation wrote
// none): a crash in between left a settled claim without a ledger row. Existing settle rows are linked to their
// claims by transaction hash, and every settled claim still without one gets its row (error_reason `repaired`).

export function createSettlementOutcomes(): Migration {
  return { up, down };
}

async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("settlements").addColumn("claim_key", "text").execute();
  await db.schema.alterTable("payment_claims").addColumn("protocol", "text").execute();
  await sql`
    UPDATE settlements SET claim_key = (
      SELECT c.claim_key FROM payment_claims c WHERE c.state = 'settled' AND c.transaction_hash = settlements.transaction_hash
    )
    WHERE id IN (
      SELECT MIN(id) FROM settlements
      WHERE phase = 'settle' AND status = 'ok' AND transaction_hash IS NOT NULL
      GROUP BY transaction_hash
    )`.execute(db);
  await db.schema.createIndex("settlements_outcome_of_claim").on("settlements").column("claim_key").unique().execute();
  await sql`
    INSERT INTO settlements (created_at_ms, request_id, operation_id, protocol, phase, payer, amount_atomic, asset, network, transaction_hash, status, error_reason, claim_key)
    SELECT COALESCE(c.outcome_at_ms, c.claimed_at_ms), c.request_id, c.operation_id, 'x402', 'settle', c.payer, c.amount_atomic, c.asset, c.network,
           c.transaction_hash, 'ok', 'repaired', c.claim_key
    FROM payment_claims c
    WHERE c.state = 'settled' AND NOT EXISTS (SELECT 1 FROM settlements s WHERE s.claim_key = c.claim_key)`.execute(db);
}

async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("settlements_outcome_of_claim").ifExists().execute();
  await db.schema.alterTable("settlements").dropColumn("claim_key").execute();
  await db.schema.alterTable("payment_claims").dropColumn("protocol").execute();
}
