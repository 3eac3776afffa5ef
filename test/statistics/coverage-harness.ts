/**
 * Seeded data-generating processes with known means, and a coverage counter, for the interval simulations of
 * test/statistics/. Every draw comes from mulberry32 seeded by the caller, so a run is reproducible.
 */
import { toPriceSeries, type PriceSeries } from "../../src/analytics/price-series.js";
import { mulberry32, normalSampler, unitStudentTSampler } from "../support/seeded-rng.js";

export interface Process {
  name: string;
  /** The mean of one draw: what a 90% interval of the mean must cover 90% of the time. */
  mean: number;
  /** The skewness of one draw, as a long history of the series would show it. */
  skewness: number;
  draw: () => number;
}

/**
 * Outcome distributions from symmetric to as skewed as a single stock's month: normal, Student t with 3 degrees of
 * freedom (heavy tails), and lognormal returns exp(σZ) - 1 with σ = 0.3 (skewness about 0.95, like a volatile stock's
 * month) and its mirror image (a left-skewed one).
 */
export function processes(seed: number): Process[] {
  const normal = normalSampler(mulberry32(seed));
  const heavy = unitStudentTSampler(mulberry32(seed + 1), 3);
  const z1 = normalSampler(mulberry32(seed + 2));
  const z2 = normalSampler(mulberry32(seed + 3));
  const s = 0.3;
  const lognormalMean = Math.exp((s * s) / 2) - 1;
  // Skewness of exp(sZ): (e^{s²} + 2) √(e^{s²} - 1).
  const lognormalSkew = (Math.exp(s * s) + 2) * Math.sqrt(Math.exp(s * s) - 1);
  return [
    { name: "normal", mean: 0.01, skewness: 0, draw: () => 0.01 + 0.05 * normal() },
    // The unit-variance t sampler is symmetric: its skewness is 0 (the fourth moment is infinite, not the third's sign).
    { name: "student t3", mean: 0, skewness: 0, draw: () => 0.05 * heavy() },
    { name: "lognormal, right-skewed", mean: lognormalMean, skewness: lognormalSkew, draw: () => Math.exp(s * z1()) - 1 },
    { name: "lognormal, left-skewed", mean: -lognormalMean, skewness: -lognormalSkew, draw: () => 1 - Math.exp(s * z2()) },
  ];
}

/** Share of `trials` in which `covers(trial)` is true; trials that give no interval are counted apart. */
export function coverage(trials: number, covers: (trial: number) => boolean | null): { covered: number; withheld: number; rate: number } {
  return coverageOf(Array.from({ length: trials }, (_, t) => covers(t)));
}

/**
 * coverage(), giving the event loop a turn every `every` trials: a long synchronous simulation otherwise starves
 * the test worker's messages to the runner, which then times them out ("Timeout calling onTaskUpdate").
 */
export async function coverageYielding(trials: number, covers: (trial: number) => boolean | null, every = 10): Promise<{ covered: number; withheld: number; rate: number }> {
  const results: (boolean | null)[] = [];
  for (let t = 0; t < trials; t++) {
    if (t % every === 0) await new Promise((resolve) => setImmediate(resolve));
    results.push(covers(t));
  }
  return coverageOf(results);
}

/** Covered, withheld (null) and the covered share of the intervals given. */
function coverageOf(results: readonly (boolean | null)[]): { covered: number; withheld: number; rate: number } {
  const covered = results.filter((r) => r === true).length;
  const withheld = results.filter((r) => r === null).length;
  const given = results.length - withheld;
  return { covered, withheld, rate: given === 0 ? Number.NaN : covered / given };
}

const DAY_MS = 86_400_000;

/**
 * A daily price path of `bars` bars (every calendar day, as a coin trades) whose log returns are normal with the
 * given daily drift and volatility: its h-day simple return has mean exp(h (drift + vol²/2)) - 1.
 */
export function randomWalkSeries(seed: number, bars: number, dailyDrift: number, dailyVol: number, ticker = "SIM"): PriceSeries {
  const z = normalSampler(mulberry32(seed));
  let close = 100;
  const start = Date.UTC(2000, 0, 3);
  const rows = [];
  for (let i = 0; i < bars; i++) {
    if (i > 0) close *= Math.exp(dailyDrift + dailyVol * z());
    rows.push({ tsMs: start + i * DAY_MS, open: close, high: close, low: close, close, volume: null });
  }
  return toPriceSeries(ticker, "1d", rows);
}

/** The true mean h-day simple return of randomWalkSeries. */
export const randomWalkHorizonMean = (days: number, dailyDrift: number, dailyVol: number) => Math.exp(days * (dailyDrift + (dailyVol * dailyVol) / 2)) - 1;

/**
 * A daily path (every calendar day) whose log level is a mean-reverting AR(1): log x_t = μ + φ (log x_{t-1} - μ) + σ z,
 * as a volatility index or a yield behaves (it returns to its usual level instead of wandering off).
 */
export function meanRevertingSeries(seed: number, bars: number, level: number, phi: number, dailyVol: number, ticker = "MR"): PriceSeries {
  const z = normalSampler(mulberry32(seed));
  const mu = Math.log(level);
  let logX = mu;
  const start = Date.UTC(2000, 0, 3);
  const rows = [];
  for (let i = 0; i < bars; i++) {
    if (i > 0) logX = mu + phi * (logX - mu) + dailyVol * z();
    const close = Math.exp(logX);
    rows.push({ tsMs: start + i * DAY_MS, open: close, high: close, low: close, close, volume: null });
  }
  return toPriceSeries(ticker, "1d", rows);
}
