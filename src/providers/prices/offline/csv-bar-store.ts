import { mkdir, open, readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { ByteBoundedLru } from "../../../domain/byte-bounded-lru.js";
import { DAY_MS, formatUtcDate, type Bar } from "../../../domain/bar.js";
import { columnsToBars, dailyColumnsBytes, type DailyColumns } from "../../../domain/daily-columns.js";
import { readHistory, type SourceVersion } from "./columnar-layout.js";
import { parseColumnsCsv } from "./csv-bars-parser.js";

export interface CsvBarStoreOptions {
  /** The folder of `<STEM>.csv` files (config MARKET_DATA_DIR). */
  dir: string;
  /**
   * Where the binary copies of parsed files are kept (`<stem>.columns`, one per CSV, rebuilt when the CSV's size
   * or mtime changes), so a restart reads columns instead of parsing text again. Unset: parse every first use.
   * Not the data folder itself: that may be read-only or shared by several nodes.
   */
  cacheDir?: string;
  /** The bound of the columns held in memory (bytes); the least recently used are dropped and read again on use. */
  maxHeldBytes?: number;
  /** Injected for tests (then no binary cache is kept: there is no file version to key it by); default node:fs. */
  readText?: (filePath: string) => Promise<string>;
  listFiles?: (dir: string) => Promise<string[]>;
}

/**
 * 256 MB of columns: about 1,000 histories of 6,000 bars; a folder of any size costs no more than this. The bound
 * when none is given; the service gives the store its share of UNIVERSE_MEMORY_MB (src/config/universe-memory.ts).
 */
export const DEFAULT_HELD_COLUMN_BYTES = 256 * 1024 * 1024;

/** The tail read to find a file's last date without parsing it: a row is well under this. */
const TAIL_BYTES = 512;

function isMissingFile(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * Daily histories of a folder of CSV files as columns (domain/daily-columns.ts), each read on first use: from its
 * binary cache when one was built from the same CSV version, else parsed and cached. Held in memory up to a
 * byte bound (least recently used dropped first), so memory follows what is used, not the folder's size.
 * Concurrent first requests share one read. The columns returned are shared: callers never write to them.
 */
export class CsvBarStore {
  readonly dir: string;
  private readonly cacheDir: string | undefined;
  private readonly readText: ((filePath: string) => Promise<string>) | undefined;
  private readonly listFiles: (dir: string) => Promise<string[]>;
  /** null: no such file. */
  private readonly held: ByteBoundedLru<string, DailyColumns | null>;
  private readonly loading = new Map<string, Promise<DailyColumns | null>>();

  constructor(options: CsvBarStoreOptions) {
    this.dir = options.dir;
    this.readText = options.readText;
    this.cacheDir = options.readText === undefined ? options.cacheDir : undefined;
    this.held = new ByteBoundedLru(options.maxHeldBytes ?? DEFAULT_HELD_COLUMN_BYTES);
    this.listFiles = options.listFiles ?? ((dir) => readdir(dir));
  }

  /** Columns of `<stem>.csv`, days ascending; null when there is no such file. */
  columns(stem: string): Promise<DailyColumns | null> {
    if (this.held.has(stem)) return Promise.resolve(this.held.get(stem) ?? null);
    let pending = this.loading.get(stem);
    if (pending === undefined) {
      pending = this.load(stem).then((columns) => {
        this.held.set(stem, columns, columns === null ? 0 : dailyColumnsBytes(columns.days.length));
        return columns;
      });
      // A failed read is not held, so a file fixed on disk is picked up on the next request.
      const forget = () => this.loading.delete(stem);
      pending.then(forget, forget);
      this.loading.set(stem, pending);
    }
    return pending;
  }

  /** Bars of `<stem>.csv`, ascending; null when there is no such file. */
  async bars(stem: string): Promise<Bar[] | null> {
    const columns = await this.columns(stem);
    return columns === null ? null : columnsToBars(columns);
  }

  /** Stems of every `.csv` file in the folder, sorted. */
  async stems(): Promise<string[]> {
    const names = await this.listFiles(this.dir);
    return names.filter((n) => n.endsWith(".csv")).map((n) => n.slice(0, -4)).sort();
  }

  /**
   * The date (YYYY-MM-DD) of a file's last row, read from its tail without parsing the file (the start-up check
   * reports it for every file); null for a file without rows.
   */
  async lastDate(stem: string): Promise<string | null> {
    if (this.readText !== undefined) {
      const last = (await this.columns(stem))?.days.at(-1);
      return last === undefined ? null : formatUtcDate(last * DAY_MS);
    }
    const file = await open(path.join(this.dir, `${stem}.csv`), "r");
    try {
      const { size } = await file.stat();
      const length = Math.min(size, TAIL_BYTES);
      const tail = Buffer.alloc(length);
      await file.read(tail, 0, length, size - length);
      const rows = tail.toString("utf8").split(/\r?\n/).map((line) => line.trim()).filter((line) => /^\d{4}-\d{2}-\d{2},/.test(line));
      return rows.at(-1)?.slice(0, 10) ?? null;
    } finally {
      await file.close();
    }
  }

  /** Columns held in memory now and their bytes (for tests and the bench). */
  heldHistories(): { entries: number; bytes: number } {
    return this.held.held;
  }

  private async load(stem: string): Promise<DailyColumns | null> {
    const filePath = path.join(this.dir, `${stem}.csv`);
    const label = `${stem}.csv`;
    try {
      if (this.readText !== undefined) return parseColumnsCsv(await this.readText(filePath), label).columns;
      const info = await stat(filePath);
      const version: SourceVersion = { sizeBytes: info.size, mtimeMs: info.mtimeMs };
      const cached = await this.readCache(stem, version);
      if (cached !== null) return cached;
      const parsed = parseColumnsCsv(await readFile(filePath, "utf8"), label, version);
      await this.writeCache(stem, parsed.bytes);
      return parsed.columns;
    } catch (error) {
      if (isMissingFile(error)) return null;
      throw error;
    }
  }

  private async readCache(stem: string, version: SourceVersion): Promise<DailyColumns | null> {
    if (this.cacheDir === undefined) return null;
    try {
      return readHistory(await readFile(path.join(this.cacheDir, `${stem}.columns`)), version);
    } catch (error) {
      if (isMissingFile(error)) return null;
      throw error;
    }
  }

  /**
   * Written to a temporary name and renamed, so a reader never sees half a file. A cache that cannot be written
   * (a full or read-only disk) only costs the next start a parse: the error is not the caller's.
   */
  private async writeCache(stem: string, bytes: Uint8Array): Promise<void> {
    if (this.cacheDir === undefined) return;
    const target = path.join(this.cacheDir, `${stem}.columns`);
    const temporary = `${target}.${process.pid}.tmp`;
    try {
      await mkdir(this.cacheDir, { recursive: true });
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    } catch {
      // Served from the parse all the same; the next first use tries to write it again.
    }
  }
}
