import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../test/support/seeded-rng.js";
import { bitReversal, FftPlan } from "./fft.js";

function naiveDft(re: Float64Array, im: Float64Array): [Float64Array, Float64Array] {
  const n = re.length;
  const outRe = new Float64Array(n);
  const outIm = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    let sr = 0;
    let si = 0;
    for (let t = 0; t < n; t++) {
      const angle = (-2 * Math.PI * ((k * t) % n)) / n;
      sr += re[t] * Math.cos(angle) - im[t] * Math.sin(angle);
      si += re[t] * Math.sin(angle) + im[t] * Math.cos(angle);
    }
    outRe[k] = sr;
    outIm[k] = si;
  }
  return [outRe, outIm];
}

function randomVector(n: number, seed: number): Float64Array {
  const rand = mulberry32(seed);
  return Float64Array.from({ length: n }, () => rand() * 2 - 1);
}

describe("FftPlan", () => {
  it.each([4, 8, 16, 64, 256, 1024])("forward matches a naive DFT in bit-reversed order (N=%i)", (n) => {
    const re = randomVector(n, n);
    const im = randomVector(n, n + 1);
    const [refRe, refIm] = naiveDft(re, im);
    const plan = new FftPlan(n);
    plan.forward(re, im);
    const perm = bitReversal(n);
    for (let k = 0; k < n; k++) {
      expect(re[perm[k]]).toBeCloseTo(refRe[k], 9);
      expect(im[perm[k]]).toBeCloseTo(refIm[k], 9);
    }
  });

  it.each([4, 8, 32, 2048])("inverse(forward(x)) = N x (N=%i)", (n) => {
    const re = randomVector(n, 7 * n);
    const im = randomVector(n, 7 * n + 1);
    const plan = new FftPlan(n);
    const copyRe = re.slice();
    const copyIm = im.slice();
    plan.forward(re, im);
    plan.inverse(re, im);
    for (let t = 0; t < n; t++) {
      expect(re[t] / n).toBeCloseTo(copyRe[t], 12);
      expect(im[t] / n).toBeCloseTo(copyIm[t], 12);
    }
  });

  it("computes a circular convolution through pointwise products of forward spectra", () => {
    const n = 32;
    const a = randomVector(n, 1);
    const b = randomVector(n, 2);
    const expected = new Float64Array(n);
    for (let t = 0; t < n; t++) for (let j = 0; j < n; j++) expected[t] += a[j] * b[(t - j + n) % n];
    const plan = new FftPlan(n);
    const aRe = a.slice(), aIm = new Float64Array(n), bRe = b.slice(), bIm = new Float64Array(n);
    plan.forward(aRe, aIm);
    plan.forward(bRe, bIm);
    for (let k = 0; k < n; k++) {
      const r = aRe[k] * bRe[k] - aIm[k] * bIm[k];
      aIm[k] = aRe[k] * bIm[k] + aIm[k] * bRe[k];
      aRe[k] = r;
    }
    plan.inverse(aRe, aIm);
    for (let t = 0; t < n; t++) expect(aRe[t] / n).toBeCloseTo(expected[t], 12);
  });

  it("rejects sizes that are not powers of two", () => {
    expect(() => new FftPlan(12)).toThrow(RangeError);
    expect(() => new FftPlan(2)).toThrow(RangeError);
  });
});
