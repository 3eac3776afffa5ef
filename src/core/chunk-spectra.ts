/**
 * Per-series, per-(m, K) cached spectra for piecewise MASS ("V3" in pattern-search.md).
 *
 * Glossary: x = series values, n = its length, m = window length, K = chunk (FFT) size, a power of two,
 * step = K - m + 1 = window starts served per chunk, chunk c covers x[c*step, c*step + K).
 *
 * Each chunk is centred on the mean of its own finite values (non-finite values and the padding past the
 * end become 0, i.e. the mean), which keeps FFT rounding proportional to the chunk's local spread instead of
 * the price level. Two real chunks share one complex transform (chunk 2p in the real part, 2p+1 in the
 * imaginary part): the convolution is linear, so one inverse transform of (spectrum * query spectrum)
 * later yields both chunks' sliding dot products, in the real and imaginary outputs respectively.
 * Spectra stay in the bit-reversed order FftPlan.forward leaves them in.
 */
import { FftPlan } from "./fft.js";

export interface ChunkSpectra {
  readonly m: number;
  readonly size: number;
  readonly step: number;
  readonly chunkCount: number;
  readonly plan: FftPlan;
  /** Pair p's spectrum occupies [p*K, (p+1)*K) of re and im. */
  readonly re: Float64Array;
  readonly im: Float64Array;
  /** Euclidean norm of each centred chunk, for the FFT rounding bound. */
  readonly chunkNorm: Float64Array;
  /** max |x - centre| over each chunk's finite values. */
  readonly chunkMaxAbs: Float64Array;
}

export function computeChunkSpectra(values: Float64Array, m: number, size: number): ChunkSpectra {
  const n = values.length;
  const step = size - m + 1;
  if (step < 1) throw new RangeError(`chunk size ${size} is too small for window length ${m}`);
  const windowCount = Math.max(0, n - m + 1);
  const chunkCount = Math.ceil(windowCount / step);
  const pairCount = Math.ceil(chunkCount / 2);
  const plan = new FftPlan(size);
  const re = new Float64Array(pairCount * size);
  const im = new Float64Array(pairCount * size);
  const chunkNorm = new Float64Array(chunkCount);
  const chunkMaxAbs = new Float64Array(chunkCount);
  for (let c = 0; c < chunkCount; c++) {
    const first = c * step;
    const end = Math.min(first + size, n);
    let sum = 0;
    let finite = 0;
    for (let i = first; i < end; i++) {
      const v = values[i];
      if (v - v === 0) {
        sum += v;
        finite++;
      }
    }
    const centre = finite > 0 ? sum / finite : 0;
    const target = (c & 1) === 0 ? re : im;
    const offset = (c >> 1) * size - first;
    let squares = 0;
    let maxAbs = 0;
    for (let i = first; i < end; i++) {
      const v = values[i];
      const y = v - v === 0 ? v - centre : 0;
      target[offset + i] = y;
      squares += y * y;
      if (Math.abs(y) > maxAbs) maxAbs = Math.abs(y);
    }
    chunkNorm[c] = Math.sqrt(squares);
    chunkMaxAbs[c] = maxAbs;
  }
  for (let p = 0; p < pairCount; p++) {
    plan.forward(re.subarray(p * size, (p + 1) * size), im.subarray(p * size, (p + 1) * size));
  }
  return { m, size, step, chunkCount, plan, re, im, chunkNorm, chunkMaxAbs };
}
