import { sql, type Kysely, type Migration } from "kysely";

// Frozen once released. Signal rules version 2 (src/analytics/signal-rules.ts): every signal carries the version
// of the rules that decided it, and the log holds one signal per ticker, as-of date, horizon and version, however
// many calls fire it. Rows from version 1 keep their duplicates (the record as it happened: repeated calls with one
// as-of date logged it again); the unique index covers version 2 onwards, and the performance figures count a
// version-1 duplicate once. hold_return: buy-and-hold over the signal's horizon, written with the outcome.

export function addSignalRuleVersion(): Migration {
  return { up, down };
}

async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("trading_signals").addColumn("rule_version", "integer", (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable("trading_signals").addColumn("hold_return", "double precision").execute();
  await db.schema
    .createIndex("trading_signals_one_per_as_of")
    .on("trading_signals")
    .columns(["ticker", "as_of_date", "horizon_days", "rule_version"])
    .unique()
    .where(sql.ref("rule_version"), ">=", 2)
    .execute();
}

async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("trading_signals_one_per_as_of").execute();
  await db.schema.alterTable("trading_signals").dropColumn("hold_return").execute();
  await db.schema.alterTable("trading_signals").dropColumn("rule_version").execute();
}
