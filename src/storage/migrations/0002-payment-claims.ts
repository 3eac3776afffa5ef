import type { Kysely, Migration } from "kysely";

// Frozen once released. One row per EIP-3009 authorization this service has accepted: the primary key is
// the authorization's identity on chain (network, asset, payer, nonce), so a second use of it, in parallel,
// after a restart or on another node sharing the database, loses the insert and is refused before any work.
// The row is also the durable ledger entry of the payment: written before settlement, its outcome after.

export function createPaymentClaims(): Migration {
  return { up, down };
}

async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("payment_claims")
    .addColumn("claim_key", "text", (c) => c.primaryKey())
    .addColumn("network", "text", (c) => c.notNull())
    .addColumn("asset", "text", (c) => c.notNull())
    .addColumn("payer", "text", (c) => c.notNull())
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("amount_atomic", "text", (c) => c.notNull())
    .addColumn("pay_to", "text", (c) => c.notNull())
    .addColumn("valid_before_s", "bigint", (c) => c.notNull())
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("operation_id", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("claimed_at_ms", "bigint", (c) => c.notNull())
    .addColumn("settling_at_ms", "bigint")
    .addColumn("outcome_at_ms", "bigint")
    .addColumn("transaction_hash", "text")
    .addColumn("outcome_reason", "text")
    // The signed payment and its requirements (JSON), so reconciliation can ask the facilitator about it.
    .addColumn("payment_json", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payment_claims_by_state").on("payment_claims").columns(["state", "claimed_at_ms"]).execute();
}

async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("payment_claims").ifExists().execute();
}
