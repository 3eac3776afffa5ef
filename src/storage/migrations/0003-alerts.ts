import type { Kysely, Migration } from "kysely";

// Frozen once released. Alerts and their delivery attempts (src/domain/alert.ts). Claims for delivery
// (claim_token, claimed_until_ms) let several nodes share the table: a row is worked on by the node whose
// conditional UPDATE set the token, and a crashed node's claim lapses.

export function createAlertTables(): Migration {
  return { up, down };
}

async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("alerts")
    .addColumn("watch_id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("ticker", "text", (c) => c.notNull())
    .addColumn("condition", "text", (c) => c.notNull())
    .addColumn("threshold", "double precision", (c) => c.notNull())
    .addColumn("webhook_url", "text", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("pattern", "text")
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("created_at_ms", "bigint", (c) => c.notNull())
    .addColumn("expires_at_ms", "bigint", (c) => c.notNull())
    .addColumn("last_checked_at_ms", "bigint")
    .addColumn("last_value", "double precision")
    .addColumn("last_bar_ms", "bigint")
    .addColumn("triggered_at_ms", "bigint")
    .addColumn("triggered_value", "double precision")
    .addColumn("payload", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at_ms", "bigint")
    .addColumn("claim_token", "text")
    .addColumn("claimed_until_ms", "bigint")
    .addColumn("delivered_at_ms", "bigint")
    .addColumn("finished_at_ms", "bigint")
    .execute();
  await db.schema.createIndex("alerts_by_state").on("alerts").columns(["state", "next_attempt_at_ms"]).execute();

  await db.schema
    .createTable("alert_deliveries")
    .addColumn("watch_id", "text", (c) => c.notNull())
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("at_ms", "bigint", (c) => c.notNull())
    .addColumn("http_status", "integer")
    .addColumn("error", "text")
    .addPrimaryKeyConstraint("alert_deliveries_pk", ["watch_id", "attempt"])
    .execute();
}

async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("alert_deliveries").execute();
  await db.schema.dropTable("alerts").execute();
}
