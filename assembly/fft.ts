/**
 * The complex FFT of the MASS kernels (mass-kernels.ts), on split real / imaginary f64 arrays in wasm
 * memory. Radix-2, the same butterflies and twiddles as src/core/fft.ts (so the same rounding): decimation
 * in frequency forward (natural in, bit-reversed out), decimation in time inverse (bit-reversed in,
 * natural out, unscaled). The two short stages run fused as a scalar radix-4 pass; the others run two
 * butterflies per f64x2, and two stages per pass over memory where their number allows.
 *
 * Glossary: K = size (a power of two >= 8); twiddles of the stage with half-length h sit at TW[h + j],
 * j < h: cos(2 pi j / 2h) in TW_RE and -sin(2 pi j / 2h) in TW_IM (the forward direction).
 */

let size: i32 = 0;
let TW_RE: usize = 0;
let TW_IM: usize = 0;

export function configureFft(chunkSize: i32, twRe: usize, twIm: usize): void {
  size = chunkSize;
  TW_RE = twRe;
  TW_IM = twIm;
}

/** DFT in place: natural order in, bit-reversed out. */
export function forward(re: usize, im: usize): void {
  // Stages of half-length K/2 .. 4; when their number is odd the first runs alone, the rest two at a time.
  let half = size >> 1;
  if (((ctz(size) - 2) & 1) != 0) {
    forwardStage(re, im, half);
    half >>= 1;
  }
  for (; half >= 8; half >>= 2) forwardStagePair(re, im, half >> 1);
  forwardLastTwo(re, im);
}

/** One radix-2 decimation-in-frequency stage of half-length `half` (>= 2): a' = a + b, b' = (a - b) w. */
function forwardStage(re: usize, im: usize, half: i32): void {
  const twRe = TW_RE + (<usize>half << 3);
  const twIm = TW_IM + (<usize>half << 3);
  const halfBytes = <usize>half << 3;
  for (let base = 0; base < size; base += half << 1) {
    const ra = re + (<usize>base << 3);
    const ia = im + (<usize>base << 3);
    for (let j: usize = 0; j < halfBytes; j += 16) {
      const ar = v128.load(ra + j);
      const ai = v128.load(ia + j);
      const br = v128.load(ra + j + halfBytes);
      const bi = v128.load(ia + j + halfBytes);
      const wr = v128.load(twRe + j);
      const wi = v128.load(twIm + j);
      v128.store(ra + j, f64x2.add(ar, br));
      v128.store(ia + j, f64x2.add(ai, bi));
      const dr = f64x2.sub(ar, br);
      const di = f64x2.sub(ai, bi);
      v128.store(ra + j + halfBytes, f64x2.sub(f64x2.mul(dr, wr), f64x2.mul(di, wi)));
      v128.store(ia + j + halfBytes, f64x2.add(f64x2.mul(dr, wi), f64x2.mul(di, wr)));
    }
  }
}

/**
 * The stages of half-length 2q and q (q >= 4) in one pass over memory: the same butterflies and twiddles
 * as forwardStage twice, so the same results, with half the loads and stores. Points x0..x3 = base + j
 * + {0, q, 2q, 3q}: stage 2q pairs (x0, x2) and (x1, x3) with twiddles j and j + q of its table, stage q
 * pairs (x0, x1) and (x2, x3) with twiddle j of its table.
 */
function forwardStagePair(re: usize, im: usize, q: i32): void {
  const aRe = TW_RE + (<usize>(2 * q) << 3);
  const aIm = TW_IM + (<usize>(2 * q) << 3);
  const bRe = TW_RE + (<usize>q << 3);
  const bIm = TW_IM + (<usize>q << 3);
  const qb = <usize>q << 3;
  for (let base = 0; base < size; base += q << 2) {
    const r0 = re + (<usize>base << 3);
    const i0 = im + (<usize>base << 3);
    for (let j: usize = 0; j < qb; j += 16) {
      const x0r = v128.load(r0 + j), x0i = v128.load(i0 + j);
      const x1r = v128.load(r0 + j + qb), x1i = v128.load(i0 + j + qb);
      const x2r = v128.load(r0 + j + 2 * qb), x2i = v128.load(i0 + j + 2 * qb);
      const x3r = v128.load(r0 + j + 3 * qb), x3i = v128.load(i0 + j + 3 * qb);
      // Stage 2q.
      const w0r = v128.load(aRe + j), w0i = v128.load(aIm + j);
      const w1r = v128.load(aRe + j + qb), w1i = v128.load(aIm + j + qb);
      const y0r = f64x2.add(x0r, x2r), y0i = f64x2.add(x0i, x2i);
      const d2r = f64x2.sub(x0r, x2r), d2i = f64x2.sub(x0i, x2i);
      const y2r = f64x2.sub(f64x2.mul(d2r, w0r), f64x2.mul(d2i, w0i));
      const y2i = f64x2.add(f64x2.mul(d2r, w0i), f64x2.mul(d2i, w0r));
      const y1r = f64x2.add(x1r, x3r), y1i = f64x2.add(x1i, x3i);
      const d3r = f64x2.sub(x1r, x3r), d3i = f64x2.sub(x1i, x3i);
      const y3r = f64x2.sub(f64x2.mul(d3r, w1r), f64x2.mul(d3i, w1i));
      const y3i = f64x2.add(f64x2.mul(d3r, w1i), f64x2.mul(d3i, w1r));
      // Stage q.
      const vr = v128.load(bRe + j), vi = v128.load(bIm + j);
      v128.store(r0 + j, f64x2.add(y0r, y1r));
      v128.store(i0 + j, f64x2.add(y0i, y1i));
      const e1r = f64x2.sub(y0r, y1r), e1i = f64x2.sub(y0i, y1i);
      v128.store(r0 + j + qb, f64x2.sub(f64x2.mul(e1r, vr), f64x2.mul(e1i, vi)));
      v128.store(i0 + j + qb, f64x2.add(f64x2.mul(e1r, vi), f64x2.mul(e1i, vr)));
      v128.store(r0 + j + 2 * qb, f64x2.add(y2r, y3r));
      v128.store(i0 + j + 2 * qb, f64x2.add(y2i, y3i));
      const e3r = f64x2.sub(y2r, y3r), e3i = f64x2.sub(y2i, y3i);
      v128.store(r0 + j + 3 * qb, f64x2.sub(f64x2.mul(e3r, vr), f64x2.mul(e3i, vi)));
      v128.store(i0 + j + 3 * qb, f64x2.add(f64x2.mul(e3r, vi), f64x2.mul(e3i, vr)));
    }
  }
}

/** The len = 4 and len = 2 stages fused (twiddles 1 and -i), as src/core/fft.ts. */
function forwardLastTwo(re: usize, im: usize): void {
  for (let a = 0; a < size; a += 4) {
    const o = <usize>a << 3;
    const r0 = load<f64>(re + o), r1 = load<f64>(re + o, 8), r2 = load<f64>(re + o, 16), r3 = load<f64>(re + o, 24);
    const i0 = load<f64>(im + o), i1 = load<f64>(im + o, 8), i2 = load<f64>(im + o, 16), i3 = load<f64>(im + o, 24);
    const s0r = r0 + r2, s0i = i0 + i2, d0r = r0 - r2, d0i = i0 - i2;
    const s1r = r1 + r3, s1i = i1 + i3, d1r = i1 - i3, d1i = r3 - r1;
    store<f64>(re + o, s0r + s1r);
    store<f64>(im + o, s0i + s1i);
    store<f64>(re + o, s0r - s1r, 8);
    store<f64>(im + o, s0i - s1i, 8);
    store<f64>(re + o, d0r + d1r, 16);
    store<f64>(im + o, d0i + d1i, 16);
    store<f64>(re + o, d0r - d1r, 24);
    store<f64>(im + o, d0i - d1i, 24);
  }
}

/** K * IDFT in place: bit-reversed in (as forward leaves it), natural order out. */
export function inverse(re: usize, im: usize): void {
  inverseFirstTwo(re, im);
  // Stages of half-length 4 .. K/2, two at a time; when their number is odd the last runs alone.
  let half = 4;
  for (; half * 4 <= size; half <<= 2) inverseStagePair(re, im, half);
  if (half < size) inverseStage(re, im, half);
}

/** The len = 2 and len = 4 stages fused (twiddles 1 and +i), as src/core/fft.ts. */
function inverseFirstTwo(re: usize, im: usize): void {
  for (let a = 0; a < size; a += 4) {
    const o = <usize>a << 3;
    const r0 = load<f64>(re + o), r1 = load<f64>(re + o, 8), r2 = load<f64>(re + o, 16), r3 = load<f64>(re + o, 24);
    const i0 = load<f64>(im + o), i1 = load<f64>(im + o, 8), i2 = load<f64>(im + o, 16), i3 = load<f64>(im + o, 24);
    const s0r = r0 + r1, s0i = i0 + i1, d0r = r0 - r1, d0i = i0 - i1;
    const s1r = r2 + r3, s1i = i2 + i3, d1r = r2 - r3, d1i = i2 - i3;
    store<f64>(re + o, s0r + s1r);
    store<f64>(im + o, s0i + s1i);
    store<f64>(re + o, s0r - s1r, 16);
    store<f64>(im + o, s0i - s1i, 16);
    store<f64>(re + o, d0r - d1i, 8);
    store<f64>(im + o, d0i + d1r, 8);
    store<f64>(re + o, d0r + d1i, 24);
    store<f64>(im + o, d0i - d1r, 24);
  }
}

/** One radix-2 decimation-in-time stage of half-length `half`: t = b w, a' = a + t, b' = a - t (w conjugated). */
function inverseStage(re: usize, im: usize, half: i32): void {
  const twRe = TW_RE + (<usize>half << 3);
  const twIm = TW_IM + (<usize>half << 3);
  const halfBytes = <usize>half << 3;
  for (let base = 0; base < size; base += half << 1) {
    const ra = re + (<usize>base << 3);
    const ia = im + (<usize>base << 3);
    for (let j: usize = 0; j < halfBytes; j += 16) {
      const wr = v128.load(twRe + j);
      // The table holds -sin (forward); the inverse twiddle is its conjugate.
      const wi = f64x2.neg(v128.load(twIm + j));
      const br = v128.load(ra + j + halfBytes);
      const bi = v128.load(ia + j + halfBytes);
      const tr = f64x2.sub(f64x2.mul(br, wr), f64x2.mul(bi, wi));
      const ti = f64x2.add(f64x2.mul(br, wi), f64x2.mul(bi, wr));
      const ar = v128.load(ra + j);
      const ai = v128.load(ia + j);
      v128.store(ra + j, f64x2.add(ar, tr));
      v128.store(ia + j, f64x2.add(ai, ti));
      v128.store(ra + j + halfBytes, f64x2.sub(ar, tr));
      v128.store(ia + j + halfBytes, f64x2.sub(ai, ti));
    }
  }
}

/**
 * The stages of half-length q and 2q (q >= 4) in one pass, as inverseStage twice: stage q pairs (x0, x1)
 * and (x2, x3) with twiddle j of its table, stage 2q pairs (x0, x2) and (x1, x3) with twiddles j, j + q.
 */
function inverseStagePair(re: usize, im: usize, q: i32): void {
  const aRe = TW_RE + (<usize>q << 3);
  const aIm = TW_IM + (<usize>q << 3);
  const bRe = TW_RE + (<usize>(2 * q) << 3);
  const bIm = TW_IM + (<usize>(2 * q) << 3);
  const qb = <usize>q << 3;
  for (let base = 0; base < size; base += q << 2) {
    const r0 = re + (<usize>base << 3);
    const i0 = im + (<usize>base << 3);
    for (let j: usize = 0; j < qb; j += 16) {
      const x0r = v128.load(r0 + j), x0i = v128.load(i0 + j);
      const x1r = v128.load(r0 + j + qb), x1i = v128.load(i0 + j + qb);
      const x2r = v128.load(r0 + j + 2 * qb), x2i = v128.load(i0 + j + 2 * qb);
      const x3r = v128.load(r0 + j + 3 * qb), x3i = v128.load(i0 + j + 3 * qb);
      // Stage q.
      const vr = v128.load(aRe + j), vi = f64x2.neg(v128.load(aIm + j));
      const t1r = f64x2.sub(f64x2.mul(x1r, vr), f64x2.mul(x1i, vi));
      const t1i = f64x2.add(f64x2.mul(x1r, vi), f64x2.mul(x1i, vr));
      const y0r = f64x2.add(x0r, t1r), y0i = f64x2.add(x0i, t1i);
      const y1r = f64x2.sub(x0r, t1r), y1i = f64x2.sub(x0i, t1i);
      const t3r = f64x2.sub(f64x2.mul(x3r, vr), f64x2.mul(x3i, vi));
      const t3i = f64x2.add(f64x2.mul(x3r, vi), f64x2.mul(x3i, vr));
      const y2r = f64x2.add(x2r, t3r), y2i = f64x2.add(x2i, t3i);
      const y3r = f64x2.sub(x2r, t3r), y3i = f64x2.sub(x2i, t3i);
      // Stage 2q.
      const w0r = v128.load(bRe + j), w0i = f64x2.neg(v128.load(bIm + j));
      const w1r = v128.load(bRe + j + qb), w1i = f64x2.neg(v128.load(bIm + j + qb));
      const u2r = f64x2.sub(f64x2.mul(y2r, w0r), f64x2.mul(y2i, w0i));
      const u2i = f64x2.add(f64x2.mul(y2r, w0i), f64x2.mul(y2i, w0r));
      v128.store(r0 + j, f64x2.add(y0r, u2r));
      v128.store(i0 + j, f64x2.add(y0i, u2i));
      v128.store(r0 + j + 2 * qb, f64x2.sub(y0r, u2r));
      v128.store(i0 + j + 2 * qb, f64x2.sub(y0i, u2i));
      const u3r = f64x2.sub(f64x2.mul(y3r, w1r), f64x2.mul(y3i, w1i));
      const u3i = f64x2.add(f64x2.mul(y3r, w1i), f64x2.mul(y3i, w1r));
      v128.store(r0 + j + qb, f64x2.add(y1r, u3r));
      v128.store(i0 + j + qb, f64x2.add(y1i, u3i));
      v128.store(r0 + j + 3 * qb, f64x2.sub(y1r, u3r));
      v128.store(i0 + j + 3 * qb, f64x2.sub(y1i, u3i));
    }
  }
}
