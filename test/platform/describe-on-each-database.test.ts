import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import type { Database } from "../../src/storage/create-database.js";
import { describeOnEachDatabase } from "../support/test-databases.js";

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
