/**
 * In-place radix-2 complex FFT on split real/imaginary Float64Arrays, written for convolution.
 *
 * Glossary: N = transform size (a power of two), X[k] = sum_t x[t] e^{-2 pi i k t / N}.
 *
 * `forward` is decimation-in-frequency: natural-order input, bit-reversed output. `inverse` is
 * decimation-in-time: bit-reversed input, natural-order output, unscaled (the caller folds 1/N into
 * one operand). A convolution multiplies two forward spectra pointwise, and the order of the points does
 * not matter for that, so the bit-reversal permutation is never performed. `bitReversal(N)` exists for
 * callers (and tests) that want natural-order spectra.
 *
 * The first two stages of each direction use twiddles 1 and -+i only, so they run without multiplies.
 */
export class FftPlan {
  readonly size: number;
  /** cos(2 pi t / N) and sin(2 pi t / N) for t < N / 2. */
  private readonly cosTable: Float64Array;
  private readonly sinTable: Float64Array;

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 4 || (size & (size - 1)) !== 0 || size > 1 << 30) {
      throw new RangeError(`FFT size must be a power of two between 4 and 2^30, got ${size}`);
    }
    this.size = size;
    const half = size >> 1;
    this.cosTable = new Float64Array(half);
    this.sinTable = new Float64Array(half);
    for (let t = 0; t < half; t++) {
      const angle = (2 * Math.PI * t) / size;
      this.cosTable[t] = Math.cos(angle);
      this.sinTable[t] = Math.sin(angle);
    }
  }

  /** X = DFT(x) in place; output in bit-reversed order. */
  forward(re: Float64Array, im: Float64Array): void {
    const n = this.size;
    const cos = this.cosTable;
    const sin = this.sinTable;
    for (let len = n; len > 4; len >>= 1) {
      const half = len >> 1;
      const stride = n / len;
      for (let j = 0; j < half; j++) {
        // e^{-2 pi i j / len} = cos - i sin
        const wr = cos[j * stride];
        const wi = -sin[j * stride];
        for (let a = j; a < n; a += len) {
          const b = a + half;
          const ar = re[a];
          const ai = im[a];
          const dr = ar - re[b];
          const di = ai - im[b];
          re[a] = ar + re[b];
          im[a] = ai + im[b];
          re[b] = dr * wr - di * wi;
          im[b] = dr * wi + di * wr;
        }
      }
    }
    // Last two stages fused: a radix-4 DIF butterfly with twiddles 1 and -i, outputs bit-reversed.
    for (let a = 0; a < n; a += 4) {
      const r0 = re[a], i0 = im[a], r1 = re[a + 1], i1 = im[a + 1];
      const r2 = re[a + 2], i2 = im[a + 2], r3 = re[a + 3], i3 = im[a + 3];
      // len = 4 stage: pairs (0,2) and (1,3); the (1,3) difference is multiplied by -i.
      const s0r = r0 + r2, s0i = i0 + i2, d0r = r0 - r2, d0i = i0 - i2;
      const s1r = r1 + r3, s1i = i1 + i3, d1r = i1 - i3, d1i = r3 - r1;
      // len = 2 stage.
      re[a] = s0r + s1r;
      im[a] = s0i + s1i;
      re[a + 1] = s0r - s1r;
      im[a + 1] = s0i - s1i;
      re[a + 2] = d0r + d1r;
      im[a + 2] = d0i + d1i;
      re[a + 3] = d0r - d1r;
      im[a + 3] = d0i - d1i;
    }
  }

  /** x = N * IDFT(X) in place; input in bit-reversed order (as `forward` leaves it), output natural. */
  inverse(re: Float64Array, im: Float64Array): void {
    const n = this.size;
    const cos = this.cosTable;
    const sin = this.sinTable;
    // First two stages fused: radix-4 DIT butterfly with twiddles 1 and +i.
    for (let a = 0; a < n; a += 4) {
      const r0 = re[a], i0 = im[a], r1 = re[a + 1], i1 = im[a + 1];
      const r2 = re[a + 2], i2 = im[a + 2], r3 = re[a + 3], i3 = im[a + 3];
      // len = 2 stage.
      const s0r = r0 + r1, s0i = i0 + i1, d0r = r0 - r1, d0i = i0 - i1;
      const s1r = r2 + r3, s1i = i2 + i3, d1r = r2 - r3, d1i = i2 - i3;
      // len = 4 stage: the second pair's odd term is multiplied by +i.
      re[a] = s0r + s1r;
      im[a] = s0i + s1i;
      re[a + 2] = s0r - s1r;
      im[a + 2] = s0i - s1i;
      re[a + 1] = d0r - d1i;
      im[a + 1] = d0i + d1r;
      re[a + 3] = d0r + d1i;
      im[a + 3] = d0i - d1r;
    }
    for (let len = 8; len <= n; len <<= 1) {
      const half = len >> 1;
      const stride = n / len;
      for (let j = 0; j < half; j++) {
        // e^{+2 pi i j / len}
        const wr = cos[j * stride];
        const wi = sin[j * stride];
        for (let a = j; a < n; a += len) {
          const b = a + half;
          const br = re[b];
          const bi = im[b];
          const tr = br * wr - bi * wi;
          const ti = br * wi + bi * wr;
          const ar = re[a];
          const ai = im[a];
          re[a] = ar + tr;
          im[a] = ai + ti;
          re[b] = ar - tr;
          im[b] = ai - ti;
        }
      }
    }
  }
}

/** Index permutation p with natural[k] = bitReversed[p[k]] (an involution). */
export function bitReversal(size: number): Uint32Array {
  const bits = Math.round(Math.log2(size));
  const out = new Uint32Array(size);
  for (let k = 0; k < size; k++) {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((k >> b) & 1) << (bits - 1 - b);
    out[k] = r;
  }
  return out;
}
