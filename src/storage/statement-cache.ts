import type { SqliteDatabase, SqliteStatement } from "kysely";
import { BoundedLru } from "../core/bounded-lru.js";

/** Distinct SQL texts kept prepared; the service issues a few hundred, so this is never reached in practice. */
const MAX_CACHED_STATEMENTS = 1_000;

/**
 * The SQLite connection as Kysely sees it, with each SQL text prepared once. Kysely prepares every query it
 * runs, and preparing (parsing and planning) costs about as much as running a small indexed query: a paid
 * call issues several (claim, settle, ledger, request log), all on the event loop. A better-sqlite3 statement
 * can be run again with new parameters; Kysely's SQLite driver runs one query at a time on its single
 * connection, so a cached statement is never in use twice at once.
 * Past the bound the least recently prepared text is dropped (a hit is read with peek, so it does not count).
 */
export function withStatementCache(database: SqliteDatabase): SqliteDatabase {
  const statements = new BoundedLru<string, SqliteStatement>(MAX_CACHED_STATEMENTS);
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare: (sql) => {
      const cached = statements.peek(sql);
      if (cached !== undefined) return cached;
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      return statement;
    },
  };
}
