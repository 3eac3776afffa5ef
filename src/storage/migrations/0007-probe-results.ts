import type { Kysely, Migration } from "kysely";

// Frozen once released. One row per probe really run (cached answers add no row): the 10-minute cache of
// /api/probe reads the newest row of an origin, on any node; the demand reports read rows since a time to
// compute reliability. `checks` is the JSON array of checks, `report` the whole answer as served.

export function createProbeResults(): Migration {
  return { up, down };
}

async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("probe_results")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("probed_at_ms", "bigint", (c) => c.notNull())
    .addColumn("grade", "text", (c) => c.notNull())
    .addColumn("checks", "text", (c) => c.notNull())
    .addColumn("report", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("probe_results_by_origin").on("probe_results").columns(["origin", "probed_at_ms"]).execute();
  await db.schema.createIndex("probe_results_by_time").on("probe_results").columns(["probed_at_ms"]).execute();
}

async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("probe_results").execute();
}
