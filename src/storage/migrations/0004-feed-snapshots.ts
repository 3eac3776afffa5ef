import type { Kysely, Migration } from "kysely";

// Frozen once released. One row per upstream answer we stored (data-sources.md §4.4): every fetch of a feed is
// kept with its fetch time, so a cached answer can show its real age and weekly/monthly aggregates are
// computed from what was really observed. `payload` is the mapped answer as JSON text (portable across
// SQLite and PostgreSQL); `fetched_at_ms` is part of the key so history accumulates instead of being overwritten.

export function createFeedSnapshots(): Migration {
  return { up, down };
}

async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("feed_snapshots")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("fetched_at_ms", "bigint", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("feed_snapshots_pk", ["source", "key", "fetched_at_ms"])
    .execute();
  // Aggregates read one source over a time window across keys (every geo's daily trends of a week).
  await db.schema.createIndex("feed_snapshots_by_source_time").on("feed_snapshots").columns(["source", "fetched_at_ms"]).execute();
}

async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("feed_snapshots").ifExists().execute();
}
