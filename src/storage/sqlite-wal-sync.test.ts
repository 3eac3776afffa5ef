import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "./create-database.js";

const opened: Database[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("a SQLite file database", () => {
  it("commits without syncing (synchronous = NORMAL, WAL) and syncs its -wal file on demand, off the event loop", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wal-sync-"));
    dirs.push(dir);
    const file = path.join(dir, "precedent.sqlite");
    const database = await createDatabase({ kind: "sqlite", file });
    opened.push(database);
    const pragma = async (name: string) => (await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(database.db)).rows[0];
    expect(await pragma("journal_mode")).toEqual({ journal_mode: "wal" });
    expect(await pragma("synchronous")).toEqual({ synchronous: 1 });
    await sql`create table synced_rows (n integer)`.execute(database.db);
    await sql`insert into synced_rows values (1)`.execute(database.db);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
    // Many callers at once share the syncs; each resolves.
    await Promise.all(Array.from({ length: 20 }, () => database.syncToDisk()));
    await database.close();
    opened.length = 0;
    // The descriptor was closed before the connection: the file reopens with the row.
    const again = await createDatabase({ kind: "sqlite", file });
    opened.push(again);
    expect((await sql<{ n: number }>`select n from synced_rows`.execute(again.db)).rows).toEqual([{ n: 1 }]);
  });

  it("has nothing to sync in memory", async () => {
    const memory = await createDatabase({ kind: "sqlite", file: ":memory:" });
    opened.push(memory);
    await expect(memory.syncToDisk()).resolves.toBeUndefined();
  });
});
