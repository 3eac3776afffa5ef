/**
 * Cost model that picks the L2 kernel (direct sliding dots or piecewise MASS) and MASS's chunk size.
 *
 * Glossary: W = number of windows to score, m = window length, K = chunk size (power of two),
 * step = K - m + 1 windows per chunk, pairs = ceil(ceil(W / step) / 2) complex transforms.
 *
 * Both kernels are priced in nanoseconds as measured on this project's 2-vCPU box (1M-point series, warm):
 * direct = W * (m * DIRECT_PER_TERM + SCORE_PER_WINDOW) and
 * mass(K) = pairs * K * (FFT_PER_POINT_STAGE * log2 K + PRODUCT_PER_POINT) + W * SCORE_PER_WINDOW.
 * Transforms above 2048 points fall out of the L1/L2 caches and cost about 1.6x more per point-stage.
 * Measured crossover: MASS wins from m ~ 16 (at m = 8, direct 11.7 ms vs MASS 13.5 ms per 1M windows).
 * The model assumes warm caches: spectra are built once per (series, m) and then reused by every query,
 * which is how PreparedSeries is meant to be used. Only relative values matter.
 */

const DIRECT_PER_TERM = 0.7;
const FFT_PER_POINT_STAGE = 1.6;
const FFT_OUT_OF_CACHE_FACTOR = 1.6;
const CACHE_FRIENDLY_SIZE = 2048;
const PRODUCT_PER_POINT = 2.5;
const SCORE_PER_WINDOW = 3.5;
const MIN_CHUNK_BITS = 5;
const MAX_CHUNK_BITS = 20;

export type L2KernelChoice = { kind: "direct" } | { kind: "mass"; chunkSize: number };

/** Estimated cost of MASS with chunk size K over W windows (Infinity if K cannot hold a window). */
export function massCost(windowCount: number, m: number, chunkSize: number): number {
  const step = chunkSize - m + 1;
  if (step < 1) return Infinity;
  const pairs = Math.ceil(Math.ceil(windowCount / step) / 2);
  const perPointStage = FFT_PER_POINT_STAGE * (chunkSize > CACHE_FRIENDLY_SIZE ? FFT_OUT_OF_CACHE_FACTOR : 1);
  const fft = chunkSize * (perPointStage * Math.log2(chunkSize) + PRODUCT_PER_POINT);
  return pairs * fft + windowCount * SCORE_PER_WINDOW;
}

export function directCost(windowCount: number, m: number): number {
  return windowCount * (m * DIRECT_PER_TERM + SCORE_PER_WINDOW);
}

/** The cheapest MASS chunk size (>= 2m) for m when scoring W windows; 0 when m is too long for MASS. */
export function bestChunkSize(windowCount: number, m: number): number {
  let best = 0;
  let bestCost = Infinity;
  for (let bits = MIN_CHUNK_BITS; bits <= MAX_CHUNK_BITS; bits++) {
    const size = 1 << bits;
    // Chunks much shorter than 2m waste most of each transform on the overlap.
    if (size < 2 * m) continue;
    const cost = massCost(windowCount, m, size);
    if (cost < bestCost) {
      best = size;
      bestCost = cost;
    }
  }
  return best;
}

/**
 * Picks the kernel for W windows of length m. `seriesWindowCount` sizes the chunks (spectra are cached
 * for the whole series, so the chunking must not depend on a query's range restrictions).
 */
export function chooseL2Kernel(windowCount: number, seriesWindowCount: number, m: number): L2KernelChoice {
  const chunkSize = bestChunkSize(seriesWindowCount, m);
  const useMass = chunkSize > 0 && massCost(windowCount, m, chunkSize) < directCost(windowCount, m);
  return useMass ? { kind: "mass", chunkSize } : { kind: "direct" };
}

/**
 * The wasm kernels' choice (wasm-kernels.ts, wasm-mass.ts): the segment-bound scan ("lb") or MASS, in
 * nanoseconds measured on the same box (bench/patterns.ts cells of 2k-100k bars, m = 20-250):
 *   lb   = LB_FIXED + min(W, LB_NEAR_WINDOWS) * LB_PER_WINDOW + max(0, W - LB_NEAR_WINDOWS) * LB_FAR_PER_WINDOW
 *          + min(LB_DENSE_PER_TERM * m * W, LB_SPARSE_PER_M2 * m^2)
 *   mass = MASS_FIXED + (pairs + 1) * K * log2 K * MASS_PER_POINT_STAGE + W * MASS_PER_WINDOW
 * The last lb term is the exact O(m) dots of the windows the bound fails to skip: all W of them when
 * there are few places per match, about (k-th best quantile) * W ~ m / W of them otherwise, so it
 * grows like m^2 and not with W. MASS pays its transforms (one per pair of chunks plus the query's)
 * whatever the query, then a few vector operations per window, and hands JavaScript only the picks.
 */
const LB_FIXED = 5000;
/**
 * 2.5 at first; 4.0 since 2026-11-27, re-measured on the 17 daily files and a 10k-bar walk after MASS had got
 * faster (selection and exact re-score in the kernel): on 5k-11k-bar series at m = 20 and 60 the bound path took
 * 0.035-0.16 ms (about 15 µs + 3.9 ns per window on typical files, twice that on the 11k-bar AAPL and the walk,
 * where the bound prunes less) against 0.03-0.07 ms for MASS, so the model now sends those cells to MASS
 * (AAPL m = 20: 0.12-0.16 → 0.06-0.07 ms; the walk m = 20: 0.11 → 0.05 ms). AMZN at m = 20, the one file where
 * the bound path stays faster (0.042 against 0.049-0.065 ms), is still 3.9x-4.8x numpy's MASS.
 */
const LB_PER_WINDOW = 4.0;
/**
 * Windows beyond the first LB_NEAR_WINDOWS cost the bound path less (its k-th best bound tightens as it
 * sees more windows): 2 ns each at m = 20 on 20k-130k-bar walks. The near/far split, MASS's per-point-stage
 * and per-window prices and MASS_MAX_WINDOWS were fitted together on 2026-11-27 to a grid of 145 cells
 * (the 17 daily files and twelve seeded walks of 20k-130k bars, m = 20, 40, 60, 120, 250, the bound path
 * and MASS at every K timed): the chosen kernel is within 19% of the fastest in every cell (1% on
 * average), against up to 2.3x slower before (walks of 35k-130k bars at m = 120-250 were held to the bound
 * path by the old 32k-window cap), and no daily file's choice changed.
 */
const LB_NEAR_WINDOWS = 16_384;
const LB_FAR_PER_WINDOW = 1.5;
const LB_DENSE_PER_TERM = 0.16;
const LB_SPARSE_PER_M2 = 3.3;
/** 2,600 at first; 2,000 after re-measuring m = 20 on 2k-11k-bar files (MASS at K = 128 ties lb near 11k windows and wins below ~5k). */
const MASS_FIXED = 2000;
/** 0.5 and 1.3 at first; 0.35 and 1.0 since the fit of 2026-11-27 (see LB_FAR_PER_WINDOW). */
const MASS_PER_POINT_STAGE = 0.35;
const MASS_PER_WINDOW = 1.0;
/** Chunk sizes tried; below 128 points (and for m < 16) the model was not measured, so the bound path stays. */
const MASS_MIN_CHUNK_BITS = 7;
const MASS_MAX_CHUNK_BITS = 14;
const MASS_MIN_WINDOW = 16;

/**
 * Longest series (in windows) given a MASS index, which bounds its memory (wasm-mass.ts: ~6.3 MB at most).
 * 32,768 at first; 131,072 since 2026-11-27 (at 100k bars and m = 250 MASS took 0.35 ms against 0.46-0.83
 * for the bound path); at 1M bars the bound path is the faster one.
 */
export const MASS_MAX_WINDOWS = 1 << 17;

export function wasmLbCost(windowCount: number, m: number): number {
  const near = Math.min(windowCount, LB_NEAR_WINDOWS);
  const far = windowCount - near;
  return LB_FIXED + near * LB_PER_WINDOW + far * LB_FAR_PER_WINDOW + Math.min(LB_DENSE_PER_TERM * m * windowCount, LB_SPARSE_PER_M2 * m * m);
}

/** Estimated cost of the wasm MASS path with chunk size K (Infinity if K < 2m). */
export function wasmMassCost(windowCount: number, m: number, chunkSize: number): number {
  if (chunkSize < 2 * m) return Infinity;
  const pairs = Math.ceil(Math.ceil(windowCount / (chunkSize - m + 1)) / 2);
  return MASS_FIXED + (pairs + 1) * chunkSize * Math.log2(chunkSize) * MASS_PER_POINT_STAGE + windowCount * MASS_PER_WINDOW;
}

/**
 * Chunk size for the wasm MASS path of a series of W windows of length m, or 0 to keep the segment-bound
 * path. Decided per (series, m), once: the index that holds the spectra is built for it.
 */
export function wasmMassChunkSize(windowCount: number, m: number): number {
  if (windowCount > MASS_MAX_WINDOWS || windowCount < 1 || m < MASS_MIN_WINDOW) return 0;
  let best = 0;
  let bestCost = wasmLbCost(windowCount, m);
  for (let bits = MASS_MIN_CHUNK_BITS; bits <= MASS_MAX_CHUNK_BITS; bits++) {
    const cost = wasmMassCost(windowCount, m, 1 << bits);
    if (cost < bestCost) {
      best = 1 << bits;
      bestCost = cost;
    }
  }
  return best;
}
