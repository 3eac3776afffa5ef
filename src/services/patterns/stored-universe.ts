/**
 * What a node holds for universe searches, read without fetching: offline its folder, live the histories its
 * database has stored. A universe search never fetches inside the call that pays for it, so a series not stored
 * yet is named in the answer instead of being downloaded on the spot.
 */
import { ByteBoundedLru } from "../../domain/byte-bounded-lru.js";
import { dailyColumnsSeries, type PriceSeries } from "../../analytics/price-series.js";
import type { Clock } from "../../domain/clock.js";
import { dailyColumnsBytes, type DailyColumns } from "../../domain/daily-columns.js";
import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";
import { tailTtlMs } from "../market-data/bar-cache.js";

/** What `universe=all` stands for on a node, with a version that changes when the list does. */
export interface UniverseListing {
  version: string;
  /** "folder": every file of MARKET_DATA_DIR (offline); "list": the documented market list (live). */
  source: "folder" | "list";
  symbols: readonly string[];
}

/** The port: the node's stored daily histories. */
export interface StoredHistories {
  all(): Promise<UniverseListing>;
  /**
   * The stored daily history of a symbol, or null when it is not stored (yet); an AppError (UNKNOWN_TICKER) when
   * this node can never hold it. The columns are shared: never written to.
   */
  daily(symbol: ResolvedSymbol): Promise<DailyColumns | null>;
}

interface Entry {
  columns: DailyColumns;
  series: PriceSeries;
  loadedAtMs: number;
  bytes: number;
}

/**
 * 256 MB: about 800 histories of 6,000 bars (the columns and the times and gap markers built for a search). The
 * bound when none is given; the service gives its share of UNIVERSE_MEMORY_MB (src/config/universe-memory.ts).
 */
export const DEFAULT_UNIVERSE_SERIES_BYTES = 256 * 1024 * 1024;

/**
 * The universe's histories as search series, held up to a byte bound (least recently used dropped first) so a
 * search's memory follows what it searches. A held series keeps its arrays from call to call, which is what lets
 * a search worker keep its own prepared copy (the pool versions histories by their closes). After the bar cache's
 * tail TTL the store is asked again, and the series is rebuilt when it hands back other columns: offline only
 * when its store had dropped and re-read the file, live on every such read (a database read is new columns).
 */
export class UniverseSeries {
  private readonly entries: ByteBoundedLru<string, Entry>;

  constructor(
    private readonly histories: StoredHistories,
    private readonly clock: Clock,
    maxBytes = DEFAULT_UNIVERSE_SERIES_BYTES,
  ) {
    this.entries = new ByteBoundedLru(maxBytes);
  }

  /**
   * The series of a stored history labelled with the ticker asked for, or null when it is not stored. `pass`: the
   * sources this search has loaded so far (this call adds its own): a search over more histories than the bound
   * holds keeps what it loaded first and reads the surplus for itself only (ByteBoundedLru.admit), so the same
   * histories stay held search after search and the workers keep their preparations of them.
   */
  async load(symbol: ResolvedSymbol, pass?: Set<string>): Promise<PriceSeries | null> {
    const nowMs = this.clock.nowMs();
    const held = this.entries.get(symbol.source);
    let entry: Entry | undefined = held !== undefined && nowMs - held.loadedAtMs < tailTtlMs(symbol, "1d") ? held : undefined;
    if (entry === undefined) {
      const columns = await this.histories.daily(symbol);
      if (columns === null || columns.days.length === 0) {
        this.entries.delete(symbol.source);
        return null;
      }
      entry = held?.columns === columns ? held : { columns, series: dailyColumnsSeries(symbol.source, columns), loadedAtMs: nowMs, bytes: dailyColumnsBytes(columns.days.length) + 9 * columns.days.length };
      entry.loadedAtMs = nowMs;
    }
    if (pass === undefined) this.entries.set(symbol.source, entry, entry.bytes);
    else if (this.entries.admit(symbol.source, entry, entry.bytes, pass)) pass.add(symbol.source);
    return entry.series.ticker === symbol.ticker ? entry.series : { ...entry.series, ticker: symbol.ticker };
  }

  /** Series held now and their bytes (for tests and the bench). */
  held(): { entries: number; bytes: number } {
    return this.entries.held;
  }
}
