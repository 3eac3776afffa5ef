/**
 * Cost model that picks the L2 kernel (direct sliding dots or piecewise MASS) and MASS's chunk size.
 *
 * Glossary: W = number of windows to score, m = window length, K = chunk size (power of two),
 * step = K - m + 1 windows per chunk, pairs = ceil(ceil(W / step) / 2) complex transforms.
 *
 * Both kernels are priced in the same unit (about a nanosecond on the 2 GHz reference box, measured
 * with bench/patterns.ts): direct = W * (m * DIRECT_PER_TERM + SCORE_PER_WINDOW) and
 * mass(K) = pairs * K * (FFT_PER_POINT_STAGE * log2 K + PRODUCT_PER_POINT) + W * SCORE_PER_WINDOW.
 * The model assumes warm caches: spectra are built once per (series, m) and then reused by every query,
 * which is how PreparedSeries is meant to be used. Only relative values matter.
 */

const DIRECT_PER_TERM = 0.28;
const FFT_PER_POINT_STAGE = 1.7;
const PRODUCT_PER_POINT = 2.5;
const SCORE_PER_WINDOW = 2;
const MIN_CHUNK_BITS = 5;
const MAX_CHUNK_BITS = 15;

export type L2KernelChoice = { kind: "direct" } | { kind: "mass"; chunkSize: number };

/** Estimated cost of MASS with chunk size K over W windows (Infinity if K cannot hold a window). */
export function massCost(windowCount: number, m: number, chunkSize: number): number {
  const step = chunkSize - m + 1;
  if (step < 1) return Infinity;
  const pairs = Math.ceil(Math.ceil(windowCount / step) / 2);
  const fft = chunkSize * (FFT_PER_POINT_STAGE * Math.log2(chunkSize) + PRODUCT_PER_POINT);
  return pairs * fft + windowCount * SCORE_PER_WINDOW;
}

export function directCost(windowCount: number, m: number): number {
  return windowCount * (m * DIRECT_PER_TERM + SCORE_PER_WINDOW);
}

/** The cheapest MASS chunk size for m when scoring W windows. */
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
  return best === 0 ? 1 << MAX_CHUNK_BITS : best;
}

/**
 * Picks the kernel for W windows of length m. `seriesWindowCount` sizes the chunks (spectra are cached
 * for the whole series, so the chunking must not depend on a query's range restrictions).
 */
export function chooseL2Kernel(windowCount: number, seriesWindowCount: number, m: number): L2KernelChoice {
  const chunkSize = bestChunkSize(seriesWindowCount, m);
  const useMass = m * 2 <= chunkSize && massCost(windowCount, m, chunkSize) < directCost(windowCount, m);
  return useMass ? { kind: "mass", chunkSize } : { kind: "direct" };
}
