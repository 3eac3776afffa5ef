/**
 * Deterministic randomness for tests and benchmarks: a mulberry32 uniform generator plus the GARCH(1,1)
 * geometric random walk with Student-t(5) shocks that pattern-search.md uses for its measurements
 * ("daily" 1.5 %/bar, "hourly" 0.4 %, "15-minute" 0.15 %). Nothing here is cryptographic.
 */

/** A uniform generator on [0, 1). */
export type Uniform = () => number;

/**
 * mulberry32: 32-bit state, period 2^32, good enough for test data and reproducible across platforms. Kept apart
 * from src/core/bootstrap.ts on purpose: the oracles recompute the published bootstrap intervals from the documented
 * generator without calling production code.
 */
export function mulberry32(seed: number): Uniform {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal draws by Box-Muller (the spare value is cached so every pair of uniforms is used). */
export function normalSampler(uniform: Uniform): () => number {
  let spare: number | undefined;
  return () => {
    if (spare !== undefined) {
      const value = spare;
      spare = undefined;
      return value;
    }
    // 1 - u keeps the logarithm's argument in (0, 1].
    const radius = Math.sqrt(-2 * Math.log(1 - uniform()));
    const angle = 2 * Math.PI * uniform();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
}

/** Student-t with `degrees` degrees of freedom, rescaled to unit variance (needs degrees > 2). */
export function unitStudentTSampler(uniform: Uniform, degrees: number): () => number {
  const normal = normalSampler(uniform);
  const scale = Math.sqrt((degrees - 2) / degrees);
  return () => {
    let chiSquare = 0;
    for (let i = 0; i < degrees; i++) {
      const z = normal();
      chiSquare += z * z;
    }
    return (scale * normal()) / Math.sqrt(chiSquare / degrees);
  };
}

export interface GarchWalkOptions {
  length: number;
  seed: number;
  /** Unconditional volatility of log returns per bar, e.g. 0.015 for "daily". */
  volPerBar: number;
  startPrice?: number;
  /** GARCH reaction to the last squared shock; default 0.08. */
  alpha?: number;
  /** GARCH persistence; default 0.9. */
  beta?: number;
}

/**
 * Prices of a geometric random walk whose log returns follow GARCH(1,1) with t(5) shocks:
 * sigma2[t] = omega + alpha * r[t-1]^2 + beta * sigma2[t-1], omega chosen so the long-run variance is volPerBar^2.
 */
export function garchWalk(options: GarchWalkOptions): Float64Array {
  const { length, seed, volPerBar } = options;
  const alpha = options.alpha ?? 0.08;
  const beta = options.beta ?? 0.9;
  const shock = unitStudentTSampler(mulberry32(seed), 5);
  const longRunVariance = volPerBar * volPerBar;
  const omega = longRunVariance * (1 - alpha - beta);
  const prices = new Float64Array(length);
  let logPrice = Math.log(options.startPrice ?? 100);
  let variance = longRunVariance;
  let lastReturn = 0;
  for (let t = 0; t < length; t++) {
    if (t > 0) {
      variance = omega + alpha * lastReturn * lastReturn + beta * variance;
      lastReturn = Math.sqrt(variance) * shock();
      logPrice += lastReturn;
    }
    prices[t] = Math.exp(logPrice);
  }
  return prices;
}

/** Integers in [0, bound) drawn from `uniform`. */
export function randomInt(uniform: Uniform, bound: number): number {
  return Math.floor(uniform() * bound);
}
