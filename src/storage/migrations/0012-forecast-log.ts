import type { Kysely, Migration } from "kysely";

// Frozen once released. The forecast log (src/domain/forecast-claim.ts, docs/track-record.md): one row per
// distinct forecast, unique on (source, route, series, inputs fingerprint, as-of date, horizon), so buying the
// same forecast again inserts nothing (the first sale's response hash stays). The claim columns are never
// updated; the score columns are written once by the scoring job's conditional UPDATE on status = 'pending'.

export function createForecastLog(): Migration {
  return { up, down };
}

async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("forecast_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("route", "text", (c) => c.notNull())
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("inputs", "text", (c) => c.notNull())
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("as_of_date", "text", (c) => c.notNull())
    .addColumn("as_of_ms", "bigint", (c) => c.notNull())
    .addColumn("horizon", "integer", (c) => c.notNull())
    .addColumn("horizon_unit", "text", (c) => c.notNull())
    .addColumn("outcome_kind", "text", (c) => c.notNull())
    .addColumn("logged_at_ms", "bigint", (c) => c.notNull())
    .addColumn("response_sha256", "text")
    .addColumn("ex_ante", "integer", (c) => c.notNull())
    .addColumn("point_mean", "double precision")
    .addColumn("point_median", "double precision")
    .addColumn("range_low", "double precision")
    .addColumn("range_high", "double precision")
    .addColumn("range_level", "double precision")
    .addColumn("mean_low", "double precision")
    .addColumn("mean_high", "double precision")
    .addColumn("mean_level", "double precision")
    .addColumn("probability_up", "double precision")
    .addColumn("direction", "text")
    .addColumn("baseline_mean", "double precision")
    .addColumn("baseline_hit_rate", "double precision")
    .addColumn("dispersion", "double precision")
    .addColumn("n_independent", "integer")
    .addColumn("due_at_ms", "bigint", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("pending_reason", "text")
    .addColumn("outcome_date", "text")
    .addColumn("realised", "double precision")
    .addColumn("inside_range", "integer")
    .addColumn("inside_mean_interval", "integer")
    .addColumn("direction_right", "integer")
    .addColumn("baseline_direction_right", "integer")
    .addColumn("brier", "double precision")
    .addColumn("baseline_brier", "double precision")
    .addColumn("realised_volatility", "double precision")
    .addColumn("trailing_volatility", "double precision")
    .addColumn("scored_at_ms", "bigint")
    .execute();
  await db.schema
    .createIndex("forecast_log_forecast")
    .on("forecast_log")
    .columns(["source", "route", "series", "fingerprint", "as_of_date", "horizon"])
    .unique()
    .execute();
  await db.schema.createIndex("forecast_log_due").on("forecast_log").columns(["status", "due_at_ms"]).execute();
  await db.schema.createIndex("forecast_log_by_hash").on("forecast_log").columns(["response_sha256"]).execute();
}

async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("forecast_log").execute();
}
