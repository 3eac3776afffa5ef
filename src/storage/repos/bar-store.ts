import type { Kysely } from "kysely";
import type { Bar, Timeframe } from "../../domain/bar.js";
import type { DatabaseSchema } from "../database-schema.js";

export interface BarCoverage {
  fromMs: number;
  toMs: number;
  fetchedAtMs: number;
}

// 8 bound parameters a row; 500 rows stay under SQLite's and PostgreSQL's parameter limits.
const ROWS_PER_INSERT = 500;

/** Persistent bars keyed by (source symbol, timeframe, bar start), plus the span each series is known complete over. */
export class BarStore {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Inserts bars; an existing bar is overwritten, because the newest bar of a series can still be forming. */
  async upsert(symbol: string, timeframe: Timeframe, bars: readonly Bar[]): Promise<void> {
    if (bars.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < bars.length; i += ROWS_PER_INSERT) {
        const rows = bars.slice(i, i + ROWS_PER_INSERT).map((b) => ({
          symbol,
          timeframe,
          ts_ms: b.tsMs,
          open: b.open,
          high: b.high,
          low: b.low,
          close: b.close,
          volume: b.volume,
        }));
        await trx
          .insertInto("bars")
          .values(rows)
          .onConflict((oc) =>
            oc.columns(["symbol", "timeframe", "ts_ms"]).doUpdateSet((eb) => ({
              open: eb.ref("excluded.open"),
              high: eb.ref("excluded.high"),
              low: eb.ref("excluded.low"),
              close: eb.ref("excluded.close"),
              volume: eb.ref("excluded.volume"),
            })),
          )
          .execute();
      }
    });
  }

  /** Bars with `fromMs <= tsMs < toMs`, ascending. */
  async read(symbol: string, timeframe: Timeframe, fromMs: number, toMs: number): Promise<Bar[]> {
    const rows = await this.db
      .selectFrom("bars")
      .select(["ts_ms", "open", "high", "low", "close", "volume"])
      .where("symbol", "=", symbol)
      .where("timeframe", "=", timeframe)
      .where("ts_ms", ">=", fromMs)
      .where("ts_ms", "<", toMs)
      .orderBy("ts_ms")
      .execute();
    return rows.map(toBar);
  }

  /** The newest `count` bars, ascending. */
  async last(symbol: string, timeframe: Timeframe, count: number): Promise<Bar[]> {
    const rows = await this.db
      .selectFrom("bars")
      .select(["ts_ms", "open", "high", "low", "close", "volume"])
      .where("symbol", "=", symbol)
      .where("timeframe", "=", timeframe)
      .orderBy("ts_ms", "desc")
      .limit(count)
      .execute();
    return rows.reverse().map(toBar);
  }

  async coverage(symbol: string, timeframe: Timeframe): Promise<BarCoverage | undefined> {
    const row = await this.db
      .selectFrom("bar_coverage")
      .select(["from_ms", "to_ms", "fetched_at_ms"])
      .where("symbol", "=", symbol)
      .where("timeframe", "=", timeframe)
      .executeTakeFirst();
    return row === undefined
      ? undefined
      : { fromMs: Number(row.from_ms), toMs: Number(row.to_ms), fetchedAtMs: Number(row.fetched_at_ms) };
  }

  async setCoverage(symbol: string, timeframe: Timeframe, coverage: BarCoverage): Promise<void> {
    await this.db
      .insertInto("bar_coverage")
      .values({ symbol, timeframe, from_ms: coverage.fromMs, to_ms: coverage.toMs, fetched_at_ms: coverage.fetchedAtMs })
      .onConflict((oc) =>
        oc.columns(["symbol", "timeframe"]).doUpdateSet({
          from_ms: coverage.fromMs,
          to_ms: coverage.toMs,
          fetched_at_ms: coverage.fetchedAtMs,
        }),
      )
      .execute();
  }
}

function toBar(r: { ts_ms: number; open: number; high: number; low: number; close: number; volume: number | null }): Bar {
  return { tsMs: Number(r.ts_ms), open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume };
}
