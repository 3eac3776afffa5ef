import { randomBytes } from "node:crypto";
import pg from "pg";

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
