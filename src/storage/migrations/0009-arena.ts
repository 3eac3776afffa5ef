import type { Kysely, Migration } from "kysely";

// Frozen once released. The forecasting arena (src/domain/arena.ts):
// - arena_rounds: one row per round, (coin, deadline) unique so two nodes opening the same round insert it
//   once. The settlement columns are written once, by a conditional UPDATE on status = 'pending'.
// - arena_entries: one probability per agent per round (the primary key makes a repeat impossible).
// - arena_agents: the wallet each agent key is bound to, written by its first accepted entry.
// - arena_sponsorships: paid season sponsorships shown in the round listing.

export function createArenaTables(): Migration {
  return { up, down };
}

async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("arena_rounds")
    .addColumn("round_id", "text", (c) => c.primaryKey())
    .addColumn("coin", "text", (c) => c.notNull())
    .addColumn("strike", "double precision", (c) => c.notNull())
    .addColumn("strike_source", "text", (c) => c.notNull())
    .addColumn("opened_at_ms", "bigint", (c) => c.notNull())
    .addColumn("lock_at_ms", "bigint", (c) => c.notNull())
    .addColumn("deadline_ms", "bigint", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("settle_lease_until_ms", "bigint")
    .addColumn("pending_reason", "text")
    .addColumn("outcome", "integer")
    .addColumn("close", "text")
    .addColumn("request_url", "text")
    .addColumn("request_body", "text")
    .addColumn("candle_json", "text")
    .addColumn("response_body", "text")
    .addColumn("settled_at_ms", "bigint")
    .addColumn("void_reason", "text")
    .addUniqueConstraint("arena_rounds_coin_deadline", ["coin", "deadline_ms"])
    .execute();
  await db.schema.createIndex("arena_rounds_by_status").on("arena_rounds").columns(["status", "deadline_ms"]).execute();
  await db.schema
    .createTable("arena_entries")
    .addColumn("round_id", "text", (c) => c.notNull())
    .addColumn("agent", "text", (c) => c.notNull())
    .addColumn("p", "double precision", (c) => c.notNull())
    .addColumn("payer", "text", (c) => c.notNull())
    .addColumn("entered_at_ms", "bigint", (c) => c.notNull())
    .addColumn("request_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("arena_entries_pk", ["round_id", "agent"])
    .execute();
  await db.schema.createIndex("arena_entries_by_agent").on("arena_entries").columns(["agent", "round_id"]).execute();
  await db.schema
    .createTable("arena_agents")
    .addColumn("agent", "text", (c) => c.primaryKey())
    .addColumn("wallet", "text", (c) => c.notNull())
    .addColumn("bound_at_ms", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("arena_sponsorships")
    .addColumn("sponsorship_id", "text", (c) => c.primaryKey())
    .addColumn("season", "text", (c) => c.notNull())
    .addColumn("sponsor", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("amount_usd", "double precision", (c) => c.notNull())
    .addColumn("payer", "text", (c) => c.notNull())
    .addColumn("created_at_ms", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("arena_sponsorships_by_season").on("arena_sponsorships").columns(["season", "amount_usd"]).execute();
}

async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["arena_sponsorships", "arena_agents", "arena_entries", "arena_rounds"]) await db.schema.dropTable(table).execute();
}
