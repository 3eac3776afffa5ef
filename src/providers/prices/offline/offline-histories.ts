import { createHash } from "node:crypto";
import { AppError } from "../../../domain/app-error.js";
import type { DailyColumns } from "../../../domain/daily-columns.js";
import type { ResolvedSymbol } from "../../../domain/resolved-symbol.js";
import type { CsvBarStore } from "./csv-bar-store.js";
import { OFFLINE_FILE_ALIASES, offlineFileStem } from "./offline-file-names.js";

/** The symbol each aliased file answers to (GOLD.csv holds GC=F), so `universe=all` names what the resolver takes. */
const SYMBOL_OF_ALIASED_FILE = new Map(Object.entries(OFFLINE_FILE_ALIASES).map(([source, stem]) => [stem, source] as const));

/**
 * An offline node's stored histories: every file of its folder, read through the columnar store. `universe=all`
 * is the folder's listing (its version a digest of the file names, so another folder is another version).
 */
export class OfflineHistories {
  constructor(private readonly store: CsvBarStore) {}

  async all(): Promise<{ version: string; source: "folder"; symbols: string[] }> {
    const stems = await this.store.stems();
    const digest = createHash("sha256").update(stems.join("\n")).digest("hex").slice(0, 12);
    return { version: `folder-${stems.length}-${digest}`, source: "folder", symbols: stems.map((stem) => SYMBOL_OF_ALIASED_FILE.get(stem) ?? stem) };
  }

  async daily(symbol: ResolvedSymbol): Promise<DailyColumns> {
    const stem = offlineFileStem(symbol.source);
    const columns = stem === null ? null : await this.store.columns(stem);
    if (columns === null) {
      throw new AppError("UNKNOWN_TICKER", `Unknown ticker "${symbol.ticker}": not in the offline dataset`, {
        details: [{ param: "ticker", issue: "no offline file for this symbol" }],
      });
    }
    return columns;
  }
}
