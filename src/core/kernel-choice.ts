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
 * Chunk size for the wasm MASS path of a series of `windowCount` windows of length m, or 0 to keep the
 * segment-bound path (wasm-kernels.ts). Placeholder rule, calibrated below.
 */
export function wasmMassChunkSize(windowCount: number, m: number): number {
  if (windowCount > MASS_MAX_WINDOWS || windowCount < 2 * m) return 0;
  return windowCount / m < 100 ? bestChunkSize(windowCount, m) : 0;
}

/** Longest series (in windows) given a MASS index: bounds its memory (wasm-mass.ts). */
export const MASS_MAX_WINDOWS = 1 << 17;
