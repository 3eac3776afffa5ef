import { createDatabase, type Database } from "../../src/storage/create-database.js";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, inject, type TestContext } from "vitest";
import { openNamedPostgres, testSchemaName, withPostgresClient } from "./postgres-schemas.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Tags this run's PostgreSQL schemas, so that the run's teardown drops exactly its own (postgres-global-setup.ts). */
    postgresRunTag: string;
  }
}

/** A fresh PostgreSQL schema name of this run; the schema is dropped when the run ends (postgres-schemas.ts says why). */
export function freshTestSchemaName(): string {
  return testSchemaName(inject("postgresRunTag"));
}

export interface TestDatabaseKind {
  name: "sqlite" | "postgres";
  /** True when this kind cannot run here (PostgreSQL without TEST_PG_URL): its suites are registered skipped, so they are counted. */
  unavailable: boolean;
  /** A fresh, migrated, empty database; PostgreSQL gets a schema of its own, dropped when the run ends. */
  open(): Promise<Database>;
}

const pgUrl = process.env.TEST_PG_URL;

/**
 * The databases every storage suite runs on: in-memory SQLite always, PostgreSQL when TEST_PG_URL is set
 * (.ci/run always sets it). Without it the PostgreSQL suites are still registered, as skipped, so that the
 * run says how many were skipped (test/support/postgres-skip-reporter.ts). Each PostgreSQL database is an
 * isolated schema, so suites can run in parallel; the run's schemas are dropped by the global teardown, never
 * by a test file (test/support/postgres-schemas.ts says why). Suites name themselves "... on <kind.name>", as
 * describeOnEachDatabase does.
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

/**
 * Declares `body` once per database kind, as a suite named "<title> on sqlite" / "<title> on postgres" (the
 * name the skip reporter counts), registered skipped where the kind is unavailable. `open()` gives a fresh
 * database (testDatabaseKinds) and closes it when its scope ends: when the test finishes if it was opened in a
 * test or a beforeEach (after the suite's afterEach hooks), with the suite if it was opened in a beforeAll.
 */
export function describeOnEachDatabase(title: string, body: (open: () => Promise<Database>) => void): void {
  for (const kind of testDatabaseKinds()) {
    describe.skipIf(kind.unavailable)(`${title} on ${kind.name}`, () => {
      const ofSuite: Database[] = [];
      let runningTest: TestContext | undefined;
      beforeEach((context) => {
        runningTest = context;
      });
      afterEach(() => {
        runningTest = undefined;
      });
      afterAll(async () => {
        for (const database of ofSuite.splice(0)) await database.close();
      });
      body(async () => {
        const database = await kind.open();
        if (runningTest === undefined) ofSuite.push(database);
        else runningTest.onTestFinished(() => database.close());
        return database;
      });
    });
  }
}

/**
 * One database for the whole suite, emptied before each of its tests: for suites whose tests each need an empty
 * database, not a freshly migrated one (migrating a PostgreSQL schema costs about a second, emptying it a few
 * milliseconds). Call it in the suite's body with describeOnEachDatabase's `open`; the getter is valid in tests.
 */
export function emptiedBeforeEach(open: () => Promise<Database>): () => Database {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await open();
  });
  beforeEach(async () => {
    await emptyAllTables(database!);
  });
  return () => database!;
}

/** Deletes every row of every table but the migrator's own, and restarts the generated ids. */
async function emptyAllTables(database: Database): Promise<void> {
  const isOurs = (name: string) => !name.startsWith("kysely_") && !name.startsWith("sqlite_");
  if (database.dialect === "postgres") {
    const { rows } = await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`.execute(database.db);
    const tables = rows.map((r) => r.name).filter(isOurs);
    if (tables.length > 0) await sql.raw(`TRUNCATE ${tables.map((t) => `"${t}"`).join(", ")} RESTART IDENTITY CASCADE`).execute(database.db);
    return;
  }
  const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(database.db);
  for (const { name } of rows.filter((r) => isOurs(r.name))) await sql.raw(`DELETE FROM "${name}"`).execute(database.db);
  if (rows.some((r) => r.name === "sqlite_sequence")) await sql`DELETE FROM sqlite_sequence`.execute(database.db);
}

export async function openIsolatedPostgres(url: string): Promise<Database & { schema: string }> {
  const schema = freshTestSchemaName();
  await withPostgresClient(url, (c) => c.query(`CREATE SCHEMA ${schema}`));
  const database = await createDatabase({ kind: "postgres", url, schema });
  return { ...database, schema };
}

/**
 * `count` databases on one fresh schema, as `count` nodes behind a balancer see it: each has its own
 * pool. `schema` is returned so other per-test state (a job-queue schema) can be named after it: a
 * `<schema>_jobs` schema is dropped with the run's other schemas.
 */
export async function openSharedPostgres(url: string, count: number): Promise<{ schema: string; nodes: Database[]; close(): Promise<void> }> {
  return openNamedPostgres(url, freshTestSchemaName(), count);
}
