import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDatabase, type Database } from "../../src/storage/create-database.js";

/**
 * A fresh schema name for one test database of the run tagged `runTag`: `t_<run>_<random>`.
 * (Test files get it as `freshTestSchemaName()` from ./test-databases.ts; this file is also loaded by the
 * global setup, which runs outside the test context.)
 *
 * Why schemas are never dropped while the run goes on: Kysely's migrator asks whether its table exists by
 * scanning the catalog of every schema (`has_schema_privilege` on each). A schema that another test file drops
 * during that scan fails the migration of an unrelated test with `schema "t_…" does not exist`. So test files
 * only create schemas; the global teardown drops the run's schemas once every file has finished.
 */
export function testSchemaName(runTag: string): string {
  return `t_${runTag}_${randomBytes(5).toString("hex")}`;
}

export async function withPostgresClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops every schema a run created (its tables, and the `<schema>_jobs` queue schemas named after them). */
export async function dropRunSchemas(url: string, runTag: string): Promise<number> {
  return withPostgresClient(url, async (client) => {
    const { rows } = await client.query<{ nspname: string }>("SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1)", [`t_${runTag}_`]);
    for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
    return rows.length;
  });
}

/**
 * A run's tag: the second it started (8 hex digits) and 4 random ones, so a later run can tell how old the
 * schemas of a run that never reached its teardown (killed, crashed) are.
 */
export function newRunTag(nowMs = Date.now()): string {
  return `${Math.floor(nowMs / 1000).toString(16).padStart(8, "0")}${randomBytes(2).toString("hex")}`;
}

/**
 * Drops the schemas of runs that started more than `olderThanMs` ago: left by runs that never reached their
 * teardown. A run still going is far younger (a full run takes minutes), so it is never touched.
 */
export async function dropStaleRunSchemas(url: string, olderThanMs: number, nowMs = Date.now()): Promise<number> {
  return withPostgresClient(url, async (client) => {
    const { rows } = await client.query<{ nspname: string }>("SELECT nspname FROM pg_namespace WHERE nspname ~ '^t_[0-9a-f]{12}_'");
    const stale = rows.filter(({ nspname }) => Number.parseInt(nspname.slice(2, 10), 16) * 1000 < nowMs - olderThanMs);
    for (const { nspname } of stale) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
    return stale.length;
  });
}

/**
 * `count` databases on a schema created here under the caller's name, as `count` nodes behind a balancer see
 * it: each has its own pool. Whoever names the schema drops it (a test run's teardown, or a benchmark).
 */
export async function openNamedPostgres(url: string, schema: string, count: number): Promise<{ schema: string; nodes: Database[]; close(): Promise<void> }> {
  await withPostgresClient(url, (client) => client.query(`CREATE SCHEMA "${schema}"`));
  const nodes: Database[] = [];
  for (let i = 0; i < count; i++) nodes.push(await createDatabase({ kind: "postgres", url, schema }));
  return {
    schema,
    nodes,
    close: async () => {
      for (const node of nodes) await node.close();
    },
  };
}
