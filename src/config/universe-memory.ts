/**
 * How UNIVERSE_MEMORY_MB is shared between the three places that hold a universe search's histories. Each is a
 * byte-bounded cache that fills only with what is searched (idle, they hold nothing) and that a search over more
 * than it holds does not churn (ByteBoundedLru.admit): the surplus is read and prepared for that search only.
 *
 * - the offline store's columns (44 bytes a bar: days, OHLC, volume), a quarter;
 * - the universe's search series on the main thread (the columns plus times and gap markers, 53 bytes a bar
 *   counted, most of it the store's own columns shared), a quarter;
 * - the search workers' prepared copies (64 to 70 bytes a bar for one window length, measured from m = 22 to
 *   252 on 6,000-bar walks searched across a universe: flags and the wasm pruning index; 80 counted), half,
 *   split per worker.
 *
 * The default, 6,400 MB, holds about 5,000 histories of 6,000 bars (the search series' quarter is the first to
 * fill; docs/operations.md has the arithmetic). It is a bound, not an allocation: idle, and for a smaller universe,
 * the caches hold only what is searched. A universe larger than the bound is read and prepared again, in part, on
 * every call, and what those reads allocate is more than the bound saves: at 2,048 MB, six calls over 5,017
 * histories left the process at 8.2-8.8 GB of RSS (the allocator keeps what it freed) and took 4.8-5.3 s each,
 * against 3.7 GB and 0.2 s at 6,400.
 */
export interface UniverseMemoryBounds {
  columnsBytes: number;
  seriesBytes: number;
  /** Per search worker. */
  workerCacheBytes: number;
}

export function universeMemoryBounds(totalBytes: number, searchWorkers: number): UniverseMemoryBounds {
  const quarter = Math.floor(totalBytes / 4);
  return { columnsBytes: quarter, seriesBytes: quarter, workerCacheBytes: Math.floor((2 * quarter) / Math.max(1, searchWorkers)) };
}
