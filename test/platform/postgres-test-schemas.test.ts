import { describe, expect, it } from "vitest";
import { dropStaleRunSchemas, newRunTag, withPostgresClient } from "../support/postgres-schemas.js";

const pgUrl = process.env.TEST_PG_URL;
const HOUR = 60 * 60_000;

describe.skipIf(pgUrl === undefined || pgUrl === "")("test schemas of killed runs", () => {
  it("are dropped once their run is older than the limit; a recent run's schemas are left alone", async () => {
    const url = pgUrl as string;
    const old = `t_${newRunTag(Date.now() - 10 * HOUR)}_aaaaaaaaaa`;
    const recent = `t_${newRunTag(Date.now() - HOUR)}_bbbbbbbbbb`;
    await withPostgresClient(url, async (c) => {
      for (const schema of [old, recent]) await c.query(`CREATE SCHEMA ${schema}`);
    });
    try {
      expect(await dropStaleRunSchemas(url, 6 * HOUR)).toBeGreaterThanOrEqual(1);
      const { rows } = await withPostgresClient(url, (c) => c.query<{ nspname: string }>("SELECT nspname FROM pg_namespace WHERE nspname = ANY($1)", [[old, recent]]));
      expect(rows.map((r) => r.nspname)).toEqual([recent]);
    } finally {
      await withPostgresClient(url, async (c) => {
        for (const schema of [old, recent]) await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      });
    }
  });
});
