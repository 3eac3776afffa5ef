import type { Logger } from "pino";
import { AppError } from "../../domain/app-error.js";
import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";
import { lastUsCloseMs } from "../../domain/us-market-close.js";
import type { BarCache } from "./bar-cache.js";

export interface UniverseRefreshReport {
  symbols: number;
  /** Fetched since the last close had settled: nothing to do. */
  fresh: number;
  refreshed: number;
  failed: number;
}

/** Daily bars are final a while after the close (late prints, settlement prices). */
export const CLOSE_SETTLE_MS = 30 * 60_000;

/**
 * Keeps the daily bars of the live universe list stored and fresh after each US close, so a universe search
 * (a paid call) finds every listed history in the store instead of fetching it on the spot. A symbol whose
 * history was fetched after the last close had settled is skipped (any node sharing the store may have done
 * it); the others are fetched one at a time through `bars`, a bar cache whose source keeps to the refresh's
 * own rate (SpacedPriceProvider), far under the upstream's limit. A symbol never stored gets its whole history.
 */
export class UniverseBarsRefresh {
  constructor(
    private readonly symbols: () => readonly string[],
    private readonly resolve: (ticker: string) => ResolvedSymbol,
    private readonly bars: BarCache,
  ) {}

  async refreshDue(nowMs: number, logger: Logger, signal: AbortSignal): Promise<UniverseRefreshReport> {
    const settledAfterMs = lastUsCloseMs(nowMs - CLOSE_SETTLE_MS) + CLOSE_SETTLE_MS;
    const report: UniverseRefreshReport = { symbols: 0, fresh: 0, refreshed: 0, failed: 0 };
    for (const ticker of this.symbols()) {
      if (signal.aborted) break;
      report.symbols += 1;
      try {
        const symbol = this.resolve(ticker);
        const fetchedAtMs = await this.bars.lastFetchMs(symbol, "1d");
        if (fetchedAtMs !== undefined && fetchedAtMs >= settledAfterMs) {
          report.fresh += 1;
          continue;
        }
        await this.bars.lastBars(symbol, "1d", 1);
        report.refreshed += 1;
      } catch (error) {
        // One symbol's trouble (delisted, upstream down) is logged by code and skipped; the next run retries it.
        report.failed += 1;
        logger.warn({ ticker, code: error instanceof AppError ? error.code : "UNEXPECTED", reason: error instanceof Error ? error.message : String(error) }, "universe refresh skipped a symbol");
      }
    }
    return report;
  }
}
