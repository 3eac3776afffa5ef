import { AppError } from "../../domain/app-error.js";
import { TIMEFRAME_MS, type Bar, type Timeframe } from "../../domain/bar.js";
import type { Clock } from "../../domain/clock.js";
import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";
import type { PriceProvider } from "../../providers/prices/port.js";
import type { BarCoverage } from "../../storage/repos/bar-store.js";

/** The slice of the bar store the cache needs (a repository, seen as a type only). */
export interface BarRepository {
  upsert(symbol: string, timeframe: Timeframe, bars: readonly Bar[]): Promise<void>;
  read(symbol: string, timeframe: Timeframe, fromMs: number, toMs: number): Promise<Bar[]>;
  last(symbol: string, timeframe: Timeframe, count: number): Promise<Bar[]>;
  coverage(symbol: string, timeframe: Timeframe): Promise<BarCoverage | undefined>;
  setCoverage(symbol: string, timeframe: Timeframe, coverage: BarCoverage): Promise<void>;
}

export interface CachedBars {
  bars: Bar[];
  /** True when the upstream failed and these are the stored bars. */
  cached: boolean;
}

/** How often the newest (possibly still forming) bars are refetched. */
export function tailTtlMs(symbol: ResolvedSymbol, timeframe: Timeframe): number {
  if (timeframe !== "1d") return TIMEFRAME_MS[timeframe];
  return symbol.assetClass === "crypto" ? 5 * 60_000 : 15 * 60_000;
}

// The forming bar and a little before it are refetched with the tail, because sources revise the last
// closes (late prints, settlement prices); older bars are immutable.
const TAIL_OVERLAP_BARS = 5;

/** Late revisions move a close by well under 1%; a split moves it by a third or more. */
const BASIS_CHANGE_TOLERANCE = 0.01;

/**
 * "Fetched on first request and cached locally": bars live in the database keyed by source symbol and
 * timeframe, with the span known complete. A request inside that span is served from the store; the
 * open tail is refreshed after its TTL; a request reaching before the span fetches the missing head.
 * Identical concurrent misses share one upstream call. When the upstream fails and the store holds the
 * range, the stored bars are served flagged `cached`.
 */
export class BarCache {
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly provider: PriceProvider,
    private readonly store: BarRepository,
    private readonly clock: Clock,
  ) {}

  async bars(symbol: ResolvedSymbol, timeframe: Timeframe, fromMs: number, toMs: number): Promise<CachedBars> {
    const { key, cached } = await this.ensure(symbol, timeframe, fromMs, toMs);
    return { bars: await this.store.read(key, timeframe, fromMs, toMs), cached };
  }

  /**
   * The newest `count` bars of the whole history, without reading the rest: the latest-price route needs
   * two bars, and a full read of decades of daily bars costs tens of milliseconds per call.
   */
  async lastBars(symbol: ResolvedSymbol, timeframe: Timeframe, count: number): Promise<CachedBars> {
    const nowMs = this.clock.nowMs();
    const { key, cached } = await this.ensure(symbol, timeframe, 0, nowMs + TIMEFRAME_MS[timeframe]);
    return { bars: await this.store.last(key, timeframe, count), cached };
  }

  /** True when the store already holds some history of the symbol (this node, or one sharing its database, served it). */
  async holds(symbol: ResolvedSymbol, timeframe: Timeframe): Promise<boolean> {
    return (await this.store.coverage(this.storeKey(symbol), timeframe)) !== undefined;
  }

  /** When the stored history was last fetched from the source (on any node sharing the store), or undefined when none is stored. */
  async lastFetchMs(symbol: ResolvedSymbol, timeframe: Timeframe): Promise<number | undefined> {
    return (await this.store.coverage(this.storeKey(symbol), timeframe))?.fetchedAtMs;
  }

  /**
   * The whole stored history (from the epoch on, as the series cache reads it), never fetched: null when the store
   * holds none. A universe search reads only this: it never downloads inside the call that pays for it.
   */
  async stored(symbol: ResolvedSymbol, timeframe: Timeframe): Promise<Bar[] | null> {
    const key = this.storeKey(symbol);
    if ((await this.store.coverage(key, timeframe)) === undefined) return null;
    return this.store.read(key, timeframe, 0, this.clock.nowMs() + TIMEFRAME_MS[timeframe]);
  }

  /** Makes the store hold [fromMs, toMs) (fetching what is missing); `cached` when the upstream failed and stored bars stand in. */
  private async ensure(symbol: ResolvedSymbol, timeframe: Timeframe, fromMs: number, toMs: number): Promise<{ key: string; cached: boolean }> {
    const nowMs = this.clock.nowMs();
    const key = this.storeKey(symbol);
    const coverage = await this.store.coverage(key, timeframe);
    if (!this.needsFetch(coverage, symbol, timeframe, fromMs, toMs, nowMs)) return { key, cached: false };
    try {
      const joined = await this.refresh(symbol, timeframe, fromMs, nowMs, coverage);
      // Another caller's fetch may have covered a different span: look again rather than assume.
      if (joined) return this.ensure(symbol, timeframe, fromMs, toMs);
    } catch (error) {
      const code = error instanceof AppError ? error.code : undefined;
      const transient = code === "UPSTREAM_UNAVAILABLE" || code === "UPSTREAM_SCHEMA_CHANGED";
      // Stored bars stand in for an unreachable source, and for one that can no longer reach back to them.
      const stored = coverage !== undefined && coverage.fromMs <= fromMs && (transient || (code === "RANGE_UNAVAILABLE" && toMs <= coverage.toMs));
      if (stored) return { key, cached: true };
      throw error;
    }
    return { key, cached: false };
  }

  /**
   * Bars are stored per source as well as per symbol: a data directory used once with the offline CSV
   * folder and once live must never serve one source's bars (or adjustment basis) as the other's.
   */
  private storeKey(symbol: ResolvedSymbol): string {
    return `${this.provider.name}:${symbol.source}`;
  }

  private needsFetch(
    coverage: BarCoverage | undefined,
    symbol: ResolvedSymbol,
    timeframe: Timeframe,
    fromMs: number,
    toMs: number,
    nowMs: number,
  ): boolean {
    if (coverage === undefined || fromMs < coverage.fromMs) return true;
    const closedUpToMs = coverage.toMs - TAIL_OVERLAP_BARS * TIMEFRAME_MS[timeframe];
    if (Math.min(toMs, nowMs) <= closedUpToMs) return false;
    return nowMs - coverage.fetchedAtMs >= tailTtlMs(symbol, timeframe);
  }

  /**
   * One upstream call per (symbol, timeframe) at a time. Returns true when it joined another caller's
   * fetch instead of starting one.
   */
  private async refresh(
    symbol: ResolvedSymbol,
    timeframe: Timeframe,
    fromMs: number,
    nowMs: number,
    coverage: BarCoverage | undefined,
  ): Promise<boolean> {
    const key = `${this.storeKey(symbol)}|${timeframe}`;
    const running = this.inFlight.get(key);
    if (running !== undefined) {
      await running;
      return true;
    }
    const work = this.fetchAndStore(symbol, timeframe, fromMs, nowMs, coverage).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    await work;
    return false;
  }

  private async fetchAndStore(symbol: ResolvedSymbol, timeframe: Timeframe, fromMs: number, nowMs: number, coverage: BarCoverage | undefined) {
    const toMs = nowMs + TIMEFRAME_MS[timeframe];
    if (coverage === undefined) return this.storeSpan(symbol, timeframe, fromMs, toMs, nowMs);
    // With a stored span, fetch only what is missing: the tail after its closed part and the head before it.
    const tailFrom = Math.max(coverage.fromMs, coverage.toMs - TAIL_OVERLAP_BARS * TIMEFRAME_MS[timeframe]);
    let tail: Bar[];
    try {
      tail = await this.provider.bars(symbol, timeframe, tailFrom, toMs);
    } catch (error) {
      // The span was last extended so long ago that the source no longer reaches back to it (intraday
      // lookback): start a new known span at the request; the old bars stay stored but outside it.
      if (error instanceof AppError && error.code === "RANGE_UNAVAILABLE") return this.storeSpan(symbol, timeframe, fromMs, toMs, nowMs);
      throw error;
    }
    const headFrom = Math.min(fromMs, coverage.fromMs);
    if (await this.basisChanged(symbol, timeframe, tail)) {
      // A split re-bases the whole history at the source; stored bars on the old basis would make a step.
      return this.storeSpan(symbol, timeframe, headFrom, toMs, nowMs);
    }
    const head = headFrom < coverage.fromMs ? await this.provider.bars(symbol, timeframe, headFrom, coverage.fromMs) : [];
    await this.store.upsert(this.storeKey(symbol), timeframe, [...head, ...tail]);
    await this.store.setCoverage(this.storeKey(symbol), timeframe, { fromMs: headFrom, toMs: nowMs, fetchedAtMs: nowMs });
  }

  /** Fetches [fromMs, toMs) whole and records it as the known span; an empty answer records nothing. */
  private async storeSpan(symbol: ResolvedSymbol, timeframe: Timeframe, fromMs: number, toMs: number, nowMs: number) {
    const bars = await this.provider.bars(symbol, timeframe, fromMs, toMs);
    // An empty answer teaches nothing: recording the span would turn a transient blank into permanent NO_DATA.
    if (bars.length === 0) return;
    await this.store.upsert(this.storeKey(symbol), timeframe, bars);
    await this.store.setCoverage(this.storeKey(symbol), timeframe, { fromMs, toMs: nowMs, fetchedAtMs: nowMs });
  }

  /**
   * True when the refetched tail disagrees with the stored closes of the same bars by more than revisions
   * explain (the median ratio off by more than 1%): the source re-based its history, as after a split.
   * The newest stored bar is left out, since it may have been stored while still forming.
   */
  private async basisChanged(symbol: ResolvedSymbol, timeframe: Timeframe, tail: readonly Bar[]): Promise<boolean> {
    if (tail.length === 0) return false;
    const stored = await this.store.read(this.storeKey(symbol), timeframe, tail[0].tsMs, tail[tail.length - 1].tsMs + 1);
    const fresh = new Map(tail.map((b) => [b.tsMs, b.close]));
    const ratios = stored
      .slice(0, -1)
      .map((b) => b.close / (fresh.get(b.tsMs) ?? Number.NaN))
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    if (ratios.length === 0) return false;
    return Math.abs(ratios[Math.floor(ratios.length / 2)] - 1) > BASIS_CHANGE_TOLERANCE;
  }
}
