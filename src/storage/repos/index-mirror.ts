import type { Kysely } from "kysely";
import { INDEX_LABELS, type IndexLabel, type MirroredResource } from "../../domain/mirrored-resource.js";
import type { DatabaseSchema } from "../database-schema.js";

/** One crawl to store: its index, when it was really crawled, where from, and its normalised listings. */
export interface IndexCrawlRecord {
  index: IndexLabel;
  crawledAtMs: number;
  /** The URL crawled, or the file a recorded crawl was imported from. */
  source: string;
  /** True when the crawl stopped before the index's end (budget spent, page cap, upstream failure). */
  partial: boolean;
  note?: string;
  resources: readonly MirroredResource[];
}

/** How fresh each index's mirror is; `mirrored: false` (and nulls) when it has never been crawled. */
export interface IndexFreshness {
  index: IndexLabel;
  mirrored: boolean;
  crawledAtMs: number | null;
  resources: number;
  partial: boolean;
  source: string | null;
  note: string | null;
}

const INSERT_BATCH = 200;

/**
 * The mirrors of the public x402 discovery indexes: every crawl kept as a snapshot with its crawl time, its
 * listings stored normalised. Readers always see the latest snapshot of each index. Storing the same crawl
 * (same index and crawl time) again replaces it, so re-importing a recording is idempotent.
 */
export class IndexMirror {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async saveSnapshot(crawl: IndexCrawlRecord): Promise<string> {
    const id = `${crawl.index}-${crawl.crawledAtMs}`;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("index_resources").where("snapshot_id", "=", id).execute();
      await trx.deleteFrom("index_snapshots").where("id", "=", id).execute();
      await trx
        .insertInto("index_snapshots")
        .values({
          id,
          index_name: crawl.index,
          crawled_at_ms: crawl.crawledAtMs,
          source: crawl.source,
          resource_count: crawl.resources.length,
          partial: crawl.partial ? 1 : 0,
          note: crawl.note ?? null,
        })
        .execute();
      for (let start = 0; start < crawl.resources.length; start += INSERT_BATCH) {
        const rows = crawl.resources.slice(start, start + INSERT_BATCH).map((r, i) => ({
          snapshot_id: id,
          seq: start + i,
          origin: r.origin,
          path: r.path,
          payload: JSON.stringify(r),
        }));
        await trx.insertInto("index_resources").values(rows).execute();
      }
    });
    return id;
  }

  /** The listings of the latest snapshot of `index` (empty when it was never mirrored). */
  async latestResources(index: IndexLabel): Promise<MirroredResource[]> {
    const latest = await this.latestSnapshot(index);
    if (latest === undefined) return [];
    const rows = await this.db.selectFrom("index_resources").select("payload").where("snapshot_id", "=", latest.id).orderBy("seq").execute();
    return rows.map((r) => JSON.parse(r.payload) as MirroredResource);
  }

  /** Per index, in INDEX_LABELS order: mirrored or not, the latest crawl time and its listing count. */
  async freshness(): Promise<IndexFreshness[]> {
    return Promise.all(
      INDEX_LABELS.map(async (index): Promise<IndexFreshness> => {
        const s = await this.latestSnapshot(index);
        return s === undefined
          ? { index, mirrored: false, crawledAtMs: null, resources: 0, partial: false, source: null, note: null }
          : { index, mirrored: true, crawledAtMs: Number(s.crawled_at_ms), resources: s.resource_count, partial: s.partial === 1, source: s.source, note: s.note };
      }),
    );
  }

  /** An origin's listings in the latest snapshot of each index (what the probe shows as "listings"). */
  async listingsForOrigin(origin: string): Promise<Record<IndexLabel, MirroredResource[] | null>> {
    const out = {} as Record<IndexLabel, MirroredResource[] | null>;
    for (const index of INDEX_LABELS) {
      const latest = await this.latestSnapshot(index);
      if (latest === undefined) {
        out[index] = null;
        continue;
      }
      const rows = await this.db
        .selectFrom("index_resources")
        .select("payload")
        .where("origin", "=", origin)
        .where("snapshot_id", "=", latest.id)
        .orderBy("seq")
        .execute();
      out[index] = rows.map((r) => JSON.parse(r.payload) as MirroredResource);
    }
    return out;
  }

  /** Keeps the newest `keep` snapshots of `index` and deletes older ones with their listings. */
  async prune(index: IndexLabel, keep: number): Promise<number> {
    const old = await this.db
      .selectFrom("index_snapshots")
      .select("id")
      .where("index_name", "=", index)
      .orderBy("crawled_at_ms", "desc")
      .offset(keep)
      .limit(1_000_000)
      .execute();
    const ids = old.map((r) => r.id);
    if (ids.length === 0) return 0;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("index_resources").where("snapshot_id", "in", ids).execute();
      await trx.deleteFrom("index_snapshots").where("id", "in", ids).execute();
    });
    return ids.length;
  }

  private async latestSnapshot(index: IndexLabel) {
    return this.db
      .selectFrom("index_snapshots")
      .selectAll()
      .where("index_name", "=", index)
      .orderBy("crawled_at_ms", "desc")
      .limit(1)
      .executeTakeFirst();
  }
}

