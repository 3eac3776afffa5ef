import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Bar } from "../../../domain/bar.js";
import { parseBarsCsv } from "./csv-bars-parser.js";

export interface CsvBarStoreOptions {
  /** The folder of `<STEM>.csv` files (config MARKET_DATA_DIR). */
  dir: string;
  /** Injected for tests; default node:fs/promises. */
  readText?: (filePath: string) => Promise<string>;
  listFiles?: (dir: string) => Promise<string[]>;
}

function isMissingFile(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * Daily bars per file, parsed once on first use and kept in memory for the life of the instance
 * (the whole shared dataset is ~5.6 MB of CSV). Concurrent first requests share one parse.
 */
export class CsvBarStore {
  readonly dir: string;
  private readonly readText: (filePath: string) => Promise<string>;
  private readonly listFiles: (dir: string) => Promise<string[]>;
  private readonly loaded = new Map<string, Promise<Bar[] | null>>();

  constructor(options: CsvBarStoreOptions) {
    this.dir = options.dir;
    this.readText = options.readText ?? ((filePath) => readFile(filePath, "utf8"));
    this.listFiles = options.listFiles ?? ((dir) => readdir(dir));
  }

  /** Bars of `<stem>.csv`, ascending; null when there is no such file. */
  bars(stem: string): Promise<Bar[] | null> {
    let pending = this.loaded.get(stem);
    if (!pending) {
      pending = this.load(stem);
      this.loaded.set(stem, pending);
      // A failed read is not cached, so a file fixed on disk is picked up on the next request.
      pending.catch(() => this.loaded.delete(stem));
    }
    return pending;
  }

  /** Stems of every `.csv` file in the folder, sorted. */
  async stems(): Promise<string[]> {
    const names = await this.listFiles(this.dir);
    return names.filter((n) => n.endsWith(".csv")).map((n) => n.slice(0, -4)).sort();
  }

  private async load(stem: string): Promise<Bar[] | null> {
    const filePath = path.join(this.dir, `${stem}.csv`);
    let text: string;
    try {
      text = await this.readText(filePath);
    } catch (error) {
      if (isMissingFile(error)) return null;
      throw error;
    }
    return parseBarsCsv(text, `${stem}.csv`);
  }
}
