import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import type { Database } from "../../src/storage/create-database.js";
import { describeOnEachDatabase, emptiedBeforeEach } from "../support/test-databases.js";

const isOpen = (database: Database) => sql`SELECT 1`.execute(database.db).then(
  () => true,
  () => false,
);

const suiteDatabases: Database[] = [];
// Runs after every suite of the file, so after describeOnEachDatabase closed what its suites opened.
afterAll(async () => {
  expect(suiteDatabases.length).toBeGreaterThan(0);
  for (const database of suiteDatabases) expect(await isOpen(database)).toBe(false);
});

describeOnEachDatabase("database suites", (open) => {
  let ofSuite: Database;
  let ofBeforeEach: Database;
  const ofFirstTest: Database[] = [];
  beforeAll(async () => {
    ofSuite = await open();
    suiteDatabases.push(ofSuite);
  });
  beforeEach(async () => {
    ofBeforeEach = await open();
  });
  afterEach(async () => {
    expect(await isOpen(ofBeforeEach)).toBe(true);
  });

  it("names the suite after its kind and gives each test fresh databases, open while it runs", async ({ task }) => {
    expect(task.suite?.name).toMatch(/^database suites on (sqlite|postgres)$/);
    const mine = await open();
    ofFirstTest.push(ofBeforeEach, mine);
    expect(new Set([ofSuite, ofBeforeEach, mine]).size).toBe(3);
    for (const database of [ofSuite, ofBeforeEach, mine]) expect(await isOpen(database)).toBe(true);
  });

  it("closed the previous test's databases when it finished, and keeps the suite's open", async () => {
    expect(ofFirstTest).toHaveLength(2);
    for (const database of ofFirstTest) expect(await isOpen(database)).toBe(false);
    expect(await isOpen(ofSuite)).toBe(true);
  });
});

describeOnEachDatabase("emptied suite databases", (open) => {
  const emptied = emptiedBeforeEach(open);
  const seen: Database[] = [];
  /** Inserts one settlement row and answers the surrogate id it was given. */
  const insertSettlement = async (database: Database) => {
    const row = { created_at_ms: 1, request_id: "r", operation_id: "o", protocol: "x402", phase: "settle", amount_atomic: "1", asset: "a", network: "n", status: "ok" } as const;
    const inserted = await database.db.insertInto("settlements").values(row).returning("id").executeTakeFirstOrThrow();
    return Number(inserted.id);
  };
  const migrations = async (database: Database) =>
    Number((await sql<{ n: number }>`SELECT count(*) AS n FROM kysely_migration`.execute(database.db)).rows[0].n);

  it("gives the suite's tests one database, migrated", async () => {
    seen.push(emptied());
    expect(await migrations(emptied())).toBeGreaterThan(0);
    expect(await insertSettlement(emptied())).toBe(1);
    expect(await insertSettlement(emptied())).toBe(2);
  });

  it("emptied before the next test, its generated ids restarted and its migrations kept", async () => {
    expect(emptied()).toBe(seen[0]);
    expect(await emptied().db.selectFrom("settlements").selectAll().execute()).toEqual([]);
    expect(await insertSettlement(emptied())).toBe(1);
    expect(await migrations(emptied())).toBeGreaterThan(0);
  });
});
