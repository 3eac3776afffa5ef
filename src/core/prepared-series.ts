/**
 * A series prepared for repeated searches: the values (copied, so later edits by the caller cannot
 * desynchronise the caches, unless the caller vouches that nobody writes to them: `immutable`), the optional gap markers, and lazily built caches that every query of
 * the same window length reuses: rolling stats per m, MASS chunk spectra per (m, K), and the wasm
 * kernels' instance per m (wasm-kernels.ts) when those are in use, which holds its own MASS chunk spectra
 * when the cost model picks MASS for that (series, m) (wasm-mass.ts documents their size and bound).
 *
 * Caches are small LRUs (a few window lengths each) so a long-lived object serving many m values does not
 * grow without bound. A PreparedSeries is not safe to share between threads (none exist in core).
 *
 * Glossary: n = series length, m = window length, K = FFT chunk size.
 */
import { BoundedLru } from "./bounded-lru.js";
import { computeChunkSpectra, type ChunkSpectra } from "./chunk-spectra.js";
import { wasmMassChunkSize } from "./kernel-choice.js";
import { computeSeriesFlags, spansHole, type SeriesFlags } from "./series-flags.js";
import { WasmWindowIndex, type WasmKernels } from "./wasm-kernels.js";
import { computeWindowStats, type WindowStats } from "./window-stats.js";

const STATS_CACHE_ENTRIES = 6;
const SPECTRA_CACHE_ENTRIES = 4;
/** Each holds a copy of the series plus ~40 bytes per window, so fewer are kept. */
const WASM_CACHE_ENTRIES = 3;

export class PreparedSeries {
  readonly values: Float64Array;
  /** breakBefore[i] = 1: a gap lies between bars i-1 and i, so no window may span it. */
  readonly breakBefore: Uint8Array | undefined;
  readonly length: number;
  private flagsCache: SeriesFlags | undefined;
  private readonly statsCache = new BoundedLru<number, WindowStats>(STATS_CACHE_ENTRIES);
  private readonly spectraCache = new BoundedLru<string, ChunkSpectra>(SPECTRA_CACHE_ENTRIES);
  private readonly wasmCache = new BoundedLru<number, WasmWindowIndex>(WASM_CACHE_ENTRIES);

  constructor(values: Float64Array, breakBefore?: Uint8Array, immutable = false) {
    if (!(values instanceof Float64Array)) throw new TypeError("series values must be a Float64Array");
    if (breakBefore !== undefined) {
      if (!(breakBefore instanceof Uint8Array)) throw new TypeError("breakBefore must be a Uint8Array");
      if (breakBefore.length !== values.length) {
        throw new RangeError(`breakBefore has ${breakBefore.length} entries for ${values.length} values`);
      }
    }
    this.values = immutable ? values : values.slice();
    this.breakBefore = immutable ? breakBefore : breakBefore?.slice();
    this.length = values.length;
  }

  get flags(): SeriesFlags {
    this.flagsCache ??= computeSeriesFlags(this.values, this.breakBefore);
    return this.flagsCache;
  }

  /** Rolling stats for window length m (computed on first use, then cached). */
  windowStats(m: number): WindowStats {
    return cached(this.statsCache, m, () => computeWindowStats(this.values, this.flags, m));
  }

  /** MASS chunk spectra for window length m and chunk size K (computed on first use, then cached). */
  chunkSpectra(m: number, size: number): ChunkSpectra {
    return cached(this.spectraCache, `${m}:${size}`, () =>
      computeChunkSpectra(this.values, m, size),
    );
  }

  /** The wasm kernels' instance for window length m (built on first use, then cached). */
  wasmIndex(kernels: WasmKernels, m: number, massChunkSize?: number): WasmWindowIndex {
    // `massChunkSize` overrides the kernel choice (0: the bound path): cross-series searches ask for the bound
    // path (series-scan.ts, sharedBound), bench/kernel-grid.ts times every choice this way, and the searches
    // that follow without an override use the index left in the cache.
    const hit = this.wasmCache.peek(m);
    if (hit !== undefined && (hit.kernels !== kernels || (massChunkSize !== undefined && hit.massChunkSize !== massChunkSize))) {
      this.wasmCache.delete(m);
    }
    return cached(this.wasmCache, m, () => {
      // The index copies what it needs of the stats, so stats built for it alone are not kept (17 bytes a bar
      // less for every history only the wasm kernels search, such as a universe's); the JS kernels build their own.
      const stats = this.statsCache.peek(m) ?? computeWindowStats(this.values, this.flags, m);
      return new WasmWindowIndex(kernels, this.values, stats, massChunkSize ?? wasmMassChunkSize(stats.count, m));
    });
  }

  /** True when [start, start+m) lies inside the series, holds only finite values and spans no gap. */
  isEligibleWindow(start: number, m: number): boolean {
    if (!Number.isInteger(start) || !Number.isInteger(m) || m < 1 || start < 0 || start + m > this.length) {
      return false;
    }
    return !spansHole(this.flags, start, m);
  }
}

/**
 * Wraps a series for searching; see PreparedSeries. `immutable`: nobody writes to these arrays (a search
 * worker's histories), so they are used as they are instead of copied.
 */
export function prepareSeries(values: Float64Array, breakBefore?: Uint8Array, immutable = false): PreparedSeries {
  return new PreparedSeries(values, breakBefore, immutable);
}

function cached<K, V>(cache: BoundedLru<K, V>, key: K, build: () => V): V {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const value = build();
  cache.set(key, value);
  return value;
}
