import pg from "pg";
import { describe, expect, it } from "vitest";
import { openIsolatedPostgres } from "../support/test-databases.js";

const pgUrl = process.env.TEST_PG_URL;

/**
 * Nodes and test suites share one PostgreSQL database and create and drop schemas of their own while others
 * migrate. A migration must not read the other schemas (Kysely's own introspector did, and failed with "schema
 * ... does not exist" when one was dropped under its read): CurrentSchemaPostgresDialect answers the migrator from
 * the session's own schema.
 */
describe.skipIf(pgUrl === undefined || pgUrl === "")("migrations while other sessions create and drop schemas", () => {
  it("migrate every time, 12 databases opened while schemas come and go beside them", async () => {
    const churn = new pg.Client({ connectionString: pgUrl });
    await churn.connect();
    let running = true;
    let dropped = 0;
    const loop = (async () => {
      for (let i = 0; running; i++) {
        // Schemas with a table each, so a read of every schema's tables meets them mid-drop.
        const name = `churn_${process.pid}_${i}`;
        // Separate statements, each its own transaction: every schema is visible to the others before it goes.
        await churn.query(`CREATE SCHEMA ${name}`);
        await churn.query(`CREATE TABLE ${name}.t (x int)`);
        await churn.query(`DROP SCHEMA ${name} CASCADE`);
        dropped++;
      }
    })();
    try {
      const opened = [];
      for (let i = 0; i < 12; i++) opened.push(await openIsolatedPostgres(pgUrl!));
      await Promise.all(opened.map((database) => database.close()));
      expect(opened).toHaveLength(12);
    } finally {
      running = false;
      await loop;
      await churn.end();
    }
    // The churn really ran beside the migrations.
    expect(dropped).toBeGreaterThan(12);
  }, 60_000);
});
