import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDatabase, type Database } from "../../src/storage/create-database.js";

export interface TestDatabaseKind {
  name: "sqlite" | "postgres";
  /** True when this kind cannot run here (PostgreSQL without TEST_PG_URL): its suites are registered skipped, so they are counted. */
  unavailable: boolean;
  /** A fresh, migrated, empty database; PostgreSQL gets a schema of its own that `close()` drops. */
  open(): Promise<Database>;
}

const pgUrl = process.env.TEST_PG_URL;

/**
 * The databases every storage suite runs on: in-memory SQLite always, PostgreSQL when TEST_PG_URL is set
 * (.ci/run always sets it). Without it the PostgreSQL suites are still registered, as skipped, so that the
 * run says how many were skipped (test/support/postgres-skip-reporter.ts). Each PostgreSQL database is an
 * isolated schema, so suites can run in parallel. Suites name themselves "... on <kind.name>".
 */
export function testDatabaseKinds(): TestDatabaseKind[] {
  const pgAvailable = pgUrl !== undefined && pgUrl !== "";
  return [
    { name: "sqlite", unavailable: false, open: () => createDatabase({ kind: "sqlite", file: ":memory:" }) },
    {
      name: "postgres",
      unavailable: !pgAvailable,
      open: () => (pgAvailable ? openIsolatedPostgres(pgUrl) : Promise.reject(new Error("TEST_PG_URL is not set"))),
    },
  ];
}

export async function openIsolatedPostgres(url: string): Promise<Database & { schema: string }> {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  await withClient(url, (c) => c.query(`CREATE SCHEMA ${schema}`));
  const database = await createDatabase({ kind: "postgres", url, schema });
  return {
    ...database,
    schema,
    close: async () => {
      await database.close();
      await withClient(url, (c) => c.query(`DROP SCHEMA ${schema} CASCADE`));
    },
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * `count` databases on one fresh schema, as `count` nodes behind a balancer see it: each has its own
 * pool. `schema` is returned so other per-test state (a job-queue schema) can be named after it.
 */
export async function openSharedPostgres(url: string, count: number): Promise<{ schema: string; nodes: Database[]; close(): Promise<void> }> {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  await withClient(url, (c) => c.query(`CREATE SCHEMA ${schema}`));
  const nodes: Database[] = [];
  for (let i = 0; i < count; i++) nodes.push(await createDatabase({ kind: "postgres", url, schema }));
  return {
    schema,
    nodes,
    close: async () => {
      for (const node of nodes) await node.close();
      await withClient(url, (c) => c.query(`DROP SCHEMA ${schema} CASCADE`));
      await withClient(url, (c) => c.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`));
    },
  };
}
