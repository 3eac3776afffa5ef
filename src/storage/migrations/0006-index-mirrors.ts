import type { Kysely, Migration } from "kysely";

// Frozen once released. Mirrors of the public x402 discovery indexes (one row per crawl in index_snapshots,
// its normalised listings in index_resources, replaced only by re-importing the same crawl), and the
// router's events (needs asked, go-link clicks, outcome reports), keyed by the request log's client key.

export function createIndexMirrors(): Migration {
  return { up, down };
}

async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("index_snapshots")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("index_name", "text", (c) => c.notNull())
    .addColumn("crawled_at_ms", "bigint", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("resource_count", "integer", (c) => c.notNull())
    .addColumn("partial", "integer", (c) => c.notNull())
    .addColumn("note", "text")
    .execute();
  await db.schema.createIndex("index_snapshots_latest").on("index_snapshots").columns(["index_name", "crawled_at_ms"]).execute();
  await db.schema
    .createTable("index_resources")
    .addColumn("snapshot_id", "text", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("index_resources_pk", ["snapshot_id", "seq"])
    .execute();
  await db.schema.createIndex("index_resources_by_origin").on("index_resources").columns(["origin", "snapshot_id"]).execute();
  await db.schema
    .createTable("router_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("at_ms", "bigint", (c) => c.notNull())
    .addColumn("client_key", "text", (c) => c.notNull())
    .addColumn("need", "text")
    .addColumn("origin", "text")
    .addColumn("path", "text")
    .addColumn("helped", "integer")
    .addColumn("paid_usd", "double precision")
    .addColumn("note", "text")
    .addColumn("results_found", "integer")
    .execute();
  await db.schema.createIndex("router_events_by_time").on("router_events").columns(["at_ms", "id"]).execute();
  await db.schema.createIndex("router_events_by_origin").on("router_events").columns(["origin", "kind", "at_ms"]).execute();
}

async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("router_events").execute();
  await db.schema.dropTable("index_resources").execute();
  await db.schema.dropTable("index_snapshots").execute();
}
