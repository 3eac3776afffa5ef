import { BoundedLru } from "../../core/bounded-lru.js";
import { prepareSeries, type PreparedSeries } from "../../core/prepared-series.js";
import { toPriceSeries, type PriceSeries } from "../../analytics/price-series.js";
import { AppError } from "../../domain/app-error.js";
import { DAY_MS, TIMEFRAME_MS, type Timeframe } from "../../domain/bar.js";
import type { Clock } from "../../domain/clock.js";
import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";
import { tailTtlMs, type BarCache } from "./bar-cache.js";

export interface LoadedSeries {
  symbol: ResolvedSymbol;
  series: PriceSeries;
  /** Reused across queries: rolling statistics and FFT spectra are built once per window length. */
  prepared: PreparedSeries;
  cached: boolean;
}


/**
 * How much history a search sees per timeframe: all of it for daily bars, and the source's intraday
 * lookback otherwise (one day inside it, so the request never trips the limit at the boundary).
 */
const HISTORY_DAYS: Record<Exclude<Timeframe, "1d">, number> = { "1h": 729, "30m": 59, "15m": 59 };

/**
 * The whole history of a symbol as Float64Array columns, kept in memory per node and refreshed when the
 * bar cache's tail TTL has passed. This is what the pattern engine reads; the database stays the source
 * of truth.
 */
export class SeriesCache {
  /** Aged by when each history was loaded, not by when it was read. */
  private readonly entries: BoundedLru<string, { loadedAtMs: number; value: LoadedSeries }>;
  private readonly inFlight = new Map<string, Promise<LoadedSeries>>();

  constructor(
    private readonly resolve: (ticker: string) => ResolvedSymbol,
    private readonly bars: BarCache,
    private readonly clock: Clock,
    maxEntries = 256,
  ) {
    this.entries = new BoundedLru(maxEntries);
  }

  async load(ticker: string, timeframe: Timeframe): Promise<LoadedSeries> {
    const symbol = this.resolve(ticker);
    const key = `${symbol.source}|${timeframe}`;
    const nowMs = this.clock.nowMs();
    const entry = this.entries.peek(key);
    if (entry !== undefined && nowMs - entry.loadedAtMs < tailTtlMs(symbol, timeframe)) return asRequested(entry.value, symbol.ticker);
    const running = this.inFlight.get(key);
    if (running !== undefined) return asRequested(await running, symbol.ticker);
    const work = this.fetch(symbol, timeframe, nowMs).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    const value = await work;
    this.entries.set(key, { loadedAtMs: nowMs, value });
    return value;
  }

  /**
   * Start-up warm-up: loads the histories of `tickers` that the bar store already holds, so the first call
   * after a restart finds them in memory (database read, tail check and preparation done). A history the node
   * has never served is not fetched: a restart must not download whole histories nobody asked for. One at a
   * time, so a request arriving meanwhile waits behind at most one load; a failure only skips that ticker.
   * Returns the tickers loaded.
   */
  async preload(tickers: readonly string[], timeframe: Timeframe): Promise<string[]> {
    const loaded: string[] = [];
    for (const ticker of tickers) {
      try {
        if (!(await this.bars.holds(this.resolve(ticker), timeframe))) continue;
        await this.load(ticker, timeframe);
        loaded.push(ticker);
      } catch {
        // Unknown or unreachable now: the first caller asking for it gets the real answer.
      }
    }
    return loaded;
  }

  private async fetch(symbol: ResolvedSymbol, timeframe: Timeframe, nowMs: number): Promise<LoadedSeries> {
    const fromMs = timeframe === "1d" ? 0 : nowMs - HISTORY_DAYS[timeframe] * DAY_MS;
    const result = await this.bars.bars(symbol, timeframe, fromMs, nowMs + TIMEFRAME_MS[timeframe]);
    if (result.bars.length === 0) throw new AppError("NO_DATA", `${symbol.ticker} has no ${timeframe} history`);
    const series = withSharedSearchColumns(toPriceSeries(symbol.ticker, timeframe, result.bars));
    const prepared = prepareSeries(series.closes, series.breakBefore);
    // Every query of this history first checks its window's eligibility, which reads the series' flags (an
    // O(n) pass): computed here, with the load (and so by the start-up preload), not inside the first call.
    void prepared.flags;
    return { symbol, series, prepared, cached: result.cached };
  }
}

/**
 * One cached history serves every spelling that resolves to it (GC=F, xyz:GOLD): each caller gets it
 * labelled with the ticker it asked for, never the first loader's.
 */
function asRequested(value: LoadedSeries, ticker: string): LoadedSeries {
  if (value.symbol.ticker === ticker) return value;
  return { ...value, symbol: { ...value.symbol, ticker }, series: { ...value.series, ticker } };
}

/**
 * The two columns every search job carries to a worker thread (closes and gap markers), moved into shared
 * memory once per load: posting a view of a SharedArrayBuffer hands the worker the same memory instead of a
 * copy. Posting the twelve daily histories of a /screen (a microbenchmark, 11k bars each) took the event loop
 * 0.6-0.7 ms as copies and 0.02 ms shared, and the worker no longer decodes a copy either. Nothing writes to a
 * loaded series (the workers copy what they keep), so sharing it is safe.
 */
function withSharedSearchColumns(series: PriceSeries): PriceSeries {
  const closes = new Float64Array(new SharedArrayBuffer(series.closes.byteLength));
  closes.set(series.closes);
  const breakBefore = new Uint8Array(new SharedArrayBuffer(series.breakBefore.byteLength));
  breakBefore.set(series.breakBefore);
  return { ...series, closes, breakBefore };
}
