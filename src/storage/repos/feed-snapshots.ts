import { sql, type Kysely } from "kysely";
import type { DatabaseSchema } from "../database-schema.js";

export interface StoredSnapshot {
  source: string;
  key: string;
  fetchedAtMs: number;
  payload: unknown;
}

/**
 * Every upstream answer of the feed families, kept with the time it was fetched, keyed by (source, key).
 * Writing the same (source, key, fetched_at) twice keeps the later payload, so re-importing a recording is
 * idempotent.
 */
export class FeedSnapshots {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async put(source: string, key: string, fetchedAtMs: number, payload: unknown): Promise<void> {
    const text = JSON.stringify(payload);
    await this.db
      .insertInto("feed_snapshots")
      .values({ source, key, fetched_at_ms: fetchedAtMs, payload: text })
      .onConflict((oc) => oc.columns(["source", "key", "fetched_at_ms"]).doUpdateSet({ payload: text }))
      .execute();
  }

  /** The most recently fetched snapshot of (source, key), or undefined. */
  async latest(source: string, key: string): Promise<StoredSnapshot | undefined> {
    const row = await this.db
      .selectFrom("feed_snapshots")
      .selectAll()
      .where("source", "=", source)
      .where("key", "=", key)
      .orderBy("fetched_at_ms", "desc")
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : toSnapshot(row);
  }

  /** Every snapshot of `source` (any key) fetched in [fromMs, toMs), oldest first. */
  async between(source: string, fromMs: number, toMs: number): Promise<StoredSnapshot[]> {
    const rows = await this.db
      .selectFrom("feed_snapshots")
      .selectAll()
      .where("source", "=", source)
      .where("fetched_at_ms", ">=", fromMs)
      .where("fetched_at_ms", "<", toMs)
      .orderBy("fetched_at_ms")
      .orderBy("key")
      .execute();
    return rows.map(toSnapshot);
  }

  /**
   * Every snapshot of `source` whose stored JSON contains `needle` verbatim, oldest first: a filter run by
   * the database, so a search across a year of stored days reads only the days that mention it. Callers
   * parse and check the rows they get (a verbatim match is a pre-filter, not a meaning).
   */
  async containing(source: string, needle: string): Promise<StoredSnapshot[]> {
    const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await this.db
      .selectFrom("feed_snapshots")
      .selectAll()
      .where("source", "=", source)
      .where(sql<boolean>`payload LIKE ${pattern} ESCAPE '\\'`)
      .orderBy("fetched_at_ms")
      .orderBy("key")
      .execute();
    return rows.map(toSnapshot);
  }
}

function toSnapshot(row: { source: string; key: string; fetched_at_ms: number; payload: string }): StoredSnapshot {
  return { source: row.source, key: row.key, fetchedAtMs: Number(row.fetched_at_ms), payload: JSON.parse(row.payload) as unknown };
}
