import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openIsolatedPostgres } from "../support/test-databases.js";

const pgUrl = process.env.TEST_PG_URL;

/**
 * The tests' TEST_PG_URL carries server settings in `options` (test/support/postgres-url.ts), and pg lets a URL's
 * parameters replace the pool's: a database opened on a schema must still get both, the URL's settings and the
 * schema's search_path, or its migrations create their tables in `public`.
 */
describe.skipIf(pgUrl === undefined || pgUrl === "")("a PostgreSQL URL with session options, opened on a schema", () => {
  it("keeps the URL's settings and puts the tables in the schema", async () => {
    const database = await openIsolatedPostgres(`${pgUrl!.split("?")[0]}?options=${encodeURIComponent("-c synchronous_commit=off -c application_name=options-probe")}`);
    try {
      const { rows } = await sql<{ commit: string; app: string; path: string }>`SELECT current_setting('synchronous_commit') AS commit, current_setting('application_name') AS app, current_setting('search_path') AS path`.execute(database.db);
      expect(rows).toEqual([{ commit: "off", app: "options-probe", path: database.schema }]);
      const tables = await sql<{ schema: string }>`SELECT DISTINCT table_schema AS schema FROM information_schema.tables WHERE table_name = 'settlements'`.execute(database.db);
      expect(tables.rows.map((r) => r.schema)).toContain(database.schema);
      expect(tables.rows.map((r) => r.schema)).not.toContain("public");
    } finally {
      await database.close();
    }
  });
});
