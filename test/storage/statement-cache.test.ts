import BetterSqlite3 from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { withStatementCache } from "../../src/storage/statement-cache.js";

interface Schema {
  quotes: { ticker: string; close: number };
}

describe("withStatementCache", () => {
  it("prepares each SQL text once and runs it again with new parameters", async () => {
    const connection = new BetterSqlite3(":memory:");
    let prepared = 0;
    const counting = { close: () => connection.close(), prepare: (text: string) => (prepared++, connection.prepare(text)) };
    const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: withStatementCache(counting) }) });
    await sql`create table quotes (ticker text primary key, close real)`.execute(db);
    for (const [ticker, close] of [["AAPL", 231.5], ["MSFT", 420.1], ["SPY", 590.2]] as const) {
      await db.insertInto("quotes").values({ ticker, close }).execute();
    }
    const read = (ticker: string) => db.selectFrom("quotes").select("close").where("ticker", "=", ticker).executeTakeFirst();
    expect(await read("MSFT")).toEqual({ close: 420.1 });
    expect(await read("SPY")).toEqual({ close: 590.2 });
    expect(await read("NVDA")).toBeUndefined();
    // create, insert, select: three texts, whatever the number of runs.
    expect(prepared).toBe(3);

    // A schema change under a cached statement: SQLite re-plans it, the cache stays correct.
    await sql`alter table quotes add column volume integer`.execute(db);
    await db.updateTable("quotes").set({ close: 232 }).where("ticker", "=", "AAPL").execute();
    expect(await read("AAPL")).toEqual({ close: 232 });
    await db.destroy();
  });
});
