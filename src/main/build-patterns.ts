import { resolveSymbol } from "../domain/symbol-resolver.js";
import type { Clock } from "../domain/clock.js";
import type { RouteModule } from "../http/route-module.js";
import { getPatternsOhlcRoute } from "../http/routes/patterns/get-patterns-ohlc.js";
import { getPatternsRawRoute } from "../http/routes/patterns/get-patterns-raw.js";
import { getPatternsRoute } from "../http/routes/patterns/get-patterns.js";
import { SeriesCache } from "../services/market-data/series-cache.js";
import { PatternService } from "../services/patterns/pattern-service.js";
import { UniverseSeries } from "../services/patterns/stored-universe.js";
import { ScreenService } from "../services/patterns/screen-service.js";
import type { SearchRunner } from "../services/patterns/search-job.js";
import { DEFAULT_SEARCH_WORKERS, SearchWorkerPool } from "../services/patterns/search-worker-pool.js";
import { ShardJobExecutor, shardJobTaker, type ShardJob, type ShardOutput, type ShardQueue } from "../services/patterns/shard-jobs.js";
import { localShards } from "../services/patterns/universe-search.js";
import { DEFAULT_UNIVERSE_MEMORY_MB, type UniverseShardJobLimits } from "../config/config.js";
import { screenRoute } from "../http/routes/patterns/screen.js";
import type { MarketData } from "./build-market-data.js";
import { universeMemoryBounds, type UniverseMemoryBounds } from "../config/universe-memory.js";

export interface Patterns {
  seriesCache: SeriesCache;
  service: PatternService;
  routes: RouteModule[];
  /** The worker-thread pool for heavy searches, shared by every route family that needs one. */
  runner: SearchRunner;
  /** Starts the search workers and has each compile the search code (the server calls it at start). */
  warmUp(): Promise<void>;
  /**
   * Loads the stored daily histories of `tickers` into the series cache (SeriesCache.preload) and hands them
   * to every search worker to prepare; resolves with the tickers loaded. Start-up only.
   */
  preload(tickers: readonly string[]): Promise<string[]>;
  /** Runs a shard job some node put on the shared queue (with DATABASE_URL), on this node's workers. */
  takeShardJob(job: ShardJob): Promise<ShardOutput>;
  /** Stops the search worker threads. */
  close(): Promise<void>;
}

/** The pattern engine's routes, reading whole histories through the per-node series cache. */
export function buildPatterns(
  marketData: MarketData,
  clock: Clock,
  /** A pool already running (a test seam of buildService), used instead of a pool of this node's own and left open at close. */
  sharedPool?: SearchWorkerPool,
  /** With DATABASE_URL: the shared queue that universe searches over more series than the limit are cut into. */
  shardJobs?: { queue: ShardQueue; limits: UniverseShardJobLimits },
  /** Config.universeMemoryBytes, as universeMemoryBounds shares it (default: UNIVERSE_MEMORY_MB's). */
  memory: UniverseMemoryBounds = universeMemoryBounds(DEFAULT_UNIVERSE_MEMORY_MB * 1024 * 1024, DEFAULT_SEARCH_WORKERS),
): Patterns {
  // Every search runs on the pool's threads, each loading the kernels itself: this thread loads none.
  const seriesCache = new SeriesCache(resolveSymbol, marketData.barCache, clock);
  const pool = sharedPool ?? new SearchWorkerPool(DEFAULT_SEARCH_WORKERS, memory.workerCacheBytes);
  const local = localShards(pool);
  const shards = shardJobs === undefined ? local : new ShardJobExecutor(shardJobs.queue, local, shardJobs.limits);
  // A universe search reads stored histories only (offline the folder, live the database), held by bytes; so do
  // the shard jobs this node takes for others, so a node's universe memory is one bound whichever node asked.
  const universeSeries = new UniverseSeries(marketData.storedHistories, clock, memory.seriesBytes);
  const service = new PatternService(seriesCache, pool, universeSeries, marketData.storedHistories, resolveSymbol, shards);
  const screens = new ScreenService(seriesCache, pool);
  return {
    seriesCache,
    service,
    runner: pool,
    routes: [getPatternsRawRoute(service), getPatternsRoute(service), getPatternsOhlcRoute(service), screenRoute(screens)],
    warmUp: () => pool.warm(),
    preload: async (tickers) => {
      const loaded = await seriesCache.preload(tickers, "1d");
      const series = await Promise.all(loaded.map((ticker) => seriesCache.load(ticker, "1d")));
      pool.prime(series.map((one) => one.series));
      return loaded;
    },
    takeShardJob: shardJobTaker((ticker) => universeSeries.load(resolveSymbol(ticker)), local),
    close: async () => {
      if (sharedPool === undefined) await pool.close();
    },
  };
}
