import type { Kysely, Migration } from "kysely";

// Frozen once released. Route-and-fulfil (/api/route): one row per paid call whose handler ran, written
// before the seller is paid ('paying') and finished once with what happened, so a payment to a seller is
// never lost even if the process stops between paying and answering. Amounts are atomic USDC as text.

export function createFulfilments(): Migration {
  return { up, down };
}

async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("fulfilments")
    .addColumn("request_id", "text", (c) => c.primaryKey())
    .addColumn("created_at_ms", "bigint", (c) => c.notNull())
    .addColumn("payer", "text")
    .addColumn("seller_url", "text", (c) => c.notNull())
    .addColumn("seller_method", "text", (c) => c.notNull())
    .addColumn("caller_quote_atomic", "text", (c) => c.notNull())
    .addColumn("seller_amount_atomic", "text")
    .addColumn("seller_pay_to", "text")
    .addColumn("seller_transaction", "text")
    .addColumn("seller_status", "integer")
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("detail", "text")
    .addColumn("finished_at_ms", "bigint")
    .execute();
  await db.schema.createIndex("fulfilments_by_time").on("fulfilments").columns(["created_at_ms"]).execute();
}

async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("fulfilments").execute();
}
