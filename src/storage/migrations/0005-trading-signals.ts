import type { Kysely, Migration } from "kysely";

// Frozen once released. The signal log (src/domain/trading-signal.ts): one row per signal fired, written
// at the moment it is fired. The signal columns are never updated; only the outcome columns are, once, by
// the scoring job's conditional UPDATE on status = 'pending' (pending_reason may be refreshed until then).

export function createTradingSignals(): Migration {
  return { up, down };
}

async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("trading_signals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("fired_at_ms", "bigint", (c) => c.notNull())
    .addColumn("ticker", "text", (c) => c.notNull())
    .addColumn("as_of_date", "text", (c) => c.notNull())
    .addColumn("as_of_ms", "bigint", (c) => c.notNull())
    .addColumn("direction", "text", (c) => c.notNull())
    .addColumn("conviction", "double precision", (c) => c.notNull())
    .addColumn("entry_price", "double precision", (c) => c.notNull())
    .addColumn("stop_price", "double precision")
    .addColumn("target_price", "double precision")
    .addColumn("horizon_days", "integer", (c) => c.notNull())
    .addColumn("expected_return", "double precision")
    .addColumn("due_at_ms", "bigint", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("pending_reason", "text")
    .addColumn("exit", "text")
    .addColumn("exit_date", "text")
    .addColumn("exit_price", "double precision")
    .addColumn("asset_return", "double precision")
    .addColumn("signal_return", "double precision")
    .addColumn("scored_at_ms", "bigint")
    .execute();
  await db.schema.createIndex("trading_signals_by_time").on("trading_signals").columns(["fired_at_ms", "id"]).execute();
  await db.schema.createIndex("trading_signals_by_ticker").on("trading_signals").columns(["ticker", "fired_at_ms"]).execute();
  await db.schema.createIndex("trading_signals_due").on("trading_signals").columns(["status", "due_at_ms"]).execute();
}

async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("trading_signals").execute();
}
