import type { Kysely, Migration } from "kysely";

// Frozen once released. What the demand reports need beyond the core request log: whether no route matched
// (a path we do not serve), whether the user-agent declares a monitor or an x402 indexer, which AI company and
// crawler role it belongs to, the category of the path and the price band of its operation. Labels only: the
// raw user-agent, address and query string are never stored. Rows logged before this migration keep NULLs
// (and unrouted = 0): the reports read them as "unknown", never as a guess.

export function createDemandLog(): Migration {
  return { up, down };
}

const COLUMNS = ["automation", "ai_company", "ai_role", "category", "price_band"] as const;

async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("request_log").addColumn("unrouted", "integer", (c) => c.notNull().defaultTo(0)).execute();
  for (const column of COLUMNS) await db.schema.alterTable("request_log").addColumn(column, "text").execute();
}

async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["unrouted", ...COLUMNS]) await db.schema.alterTable("request_log").dropColumn(column).execute();
}
