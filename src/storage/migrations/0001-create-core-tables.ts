import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";
import type { SqlDialect } from "../sql-dialect.js";

// Frozen: a released migration is never edited; change the schema with a new file.
// Column types are the portable subset SQLite and PostgreSQL both understand; only the surrogate key
// differs (SQLite's rowid alias versus a PostgreSQL identity column).

export function createCoreTables(dialect: SqlDialect): Migration {
  const surrogateKey = (c: ColumnDefinitionBuilder) =>
    dialect === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  return { up: (db) => up(db, surrogateKey), down };
}

async function up(db: Kysely<any>, surrogateKey: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder): Promise<void> {
  await db.schema
    .createTable("settlements")
    .addColumn("id", "integer", surrogateKey)
    .addColumn("created_at_ms", "bigint", (c) => c.notNull())
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("operation_id", "text", (c) => c.notNull())
    .addColumn("protocol", "text", (c) => c.notNull())
    .addColumn("phase", "text", (c) => c.notNull())
    .addColumn("payer", "text")
    .addColumn("amount_atomic", "text", (c) => c.notNull())
    .addColumn("asset", "text", (c) => c.notNull())
    .addColumn("network", "text", (c) => c.notNull())
    .addColumn("transaction_hash", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("error_reason", "text")
    .execute();
  await db.schema.createIndex("settlements_by_time").on("settlements").column("created_at_ms").execute();

  await db.schema
    .createTable("request_log")
    .addColumn("id", "integer", surrogateKey)
    .addColumn("ts_ms", "bigint", (c) => c.notNull())
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("operation_id", "text")
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("price_usd", "double precision")
    .addColumn("client_key", "text", (c) => c.notNull())
    .addColumn("ecosystem", "text", (c) => c.notNull())
    .addColumn("assistant", "text")
    .addColumn("duration_ms", "double precision", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("request_log_by_time").on("request_log").column("ts_ms").execute();

  await db.schema
    .createTable("bars")
    .addColumn("symbol", "text", (c) => c.notNull())
    .addColumn("timeframe", "text", (c) => c.notNull())
    .addColumn("ts_ms", "bigint", (c) => c.notNull())
    .addColumn("open", "double precision", (c) => c.notNull())
    .addColumn("high", "double precision", (c) => c.notNull())
    .addColumn("low", "double precision", (c) => c.notNull())
    .addColumn("close", "double precision", (c) => c.notNull())
    .addColumn("volume", "double precision")
    .addPrimaryKeyConstraint("bars_pk", ["symbol", "timeframe", "ts_ms"])
    .execute();

  await db.schema
    .createTable("bar_coverage")
    .addColumn("symbol", "text", (c) => c.notNull())
    .addColumn("timeframe", "text", (c) => c.notNull())
    .addColumn("from_ms", "bigint", (c) => c.notNull())
    .addColumn("to_ms", "bigint", (c) => c.notNull())
    .addColumn("fetched_at_ms", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("bar_coverage_pk", ["symbol", "timeframe"])
    .execute();

  await db.schema
    .createTable("client_key_salts")
    .addColumn("period_start_ms", "bigint", (c) => c.primaryKey())
    .addColumn("salt", "text", (c) => c.notNull())
    .execute();
}

async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["client_key_salts", "bar_coverage", "bars", "request_log", "settlements"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
