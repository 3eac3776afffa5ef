/**
 * Runs search jobs on generated series (never served: results are dropped, cache entries forgotten) so a
 * thread's first real search does not pay for compiling the search code and instantiating the kernels.
 *
 * Why the jobs look exactly like real ones: V8 compiles a function for the argument shapes it has seen. A
 * warm-up that prepared series without gap markers (as this one once did) left the series preparation
 * optimised for `undefined`; a real job carries a Uint8Array, so its first run threw that code away and ran
 * interpreted again (measured: ~7 ms of a worker's part of the first /screen in preparing flags alone). So
 * the jobs here carry gap markers, go through the workers' cache (a miss, then hits), and cover both kernel
 * paths (bound-pruned scan on a long series, MASS on a short one), both metrics, causal and cross-series
 * searches, at short, medium and long windows. A few rounds get the hot functions to the optimising tier.
 */
import type { AnySearchJob } from "./search-job.js";
import { runSearchJob } from "./search-job-runner.js";
import { forgetPrepared } from "./search-worker-cache.js";

/** Daily histories served are ~2k-11k bars: one of each kind (MASS picks the short one at long windows). */
const WARM_UP_LENGTHS = [2_500, 12_000];
const WARM_UP_WINDOWS = [20, 65, 250];
const WARM_UP_ROUNDS = 3;
const KEY_PREFIX = "(warm-up)|";

export function warmUpSearch(): void {
  const series = WARM_UP_LENGTHS.map((length, index) => generatedSeries(length, index + 1));
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    for (const job of warmUpJobs(series)) runSearchJob(job);
  }
  for (const { cacheKey } of series) forgetPrepared(cacheKey);
}

interface GeneratedSeries {
  cacheKey: string;
  values: Float64Array;
  breakBefore: Uint8Array;
}

function warmUpJobs(series: GeneratedSeries[]): AnySearchJob[] {
  const jobs: AnySearchJob[] = [];
  for (const metric of ["l2", "l1"] as const) {
    for (const m of WARM_UP_WINDOWS) {
      for (const one of series) {
        const queryStart = one.values.length - m;
        jobs.push({ ...one, queryStart, m, k: 10, metric, wrap: false });
        jobs.push({ ...one, queryStart: queryStart - 3 * m, m, k: 10, metric, wrap: false, causal: true });
      }
    }
    const m = WARM_UP_WINDOWS[1];
    const queryStart = series[0].values.length - m;
    jobs.push({ kind: "many", series, queryStart, m, k: 10, metric, wrap: false, excludeRanges: series.map((_, i) => (i === 0 ? [queryStart, queryStart + m] : undefined)) });
  }
  return jobs;
}

/**
 * A price-like random walk with volatility clusters (so the bound prunes as on real data, which a smooth
 * curve would not show) and one gap. Deterministic: xorshift32 from a fixed seed.
 */
function generatedSeries(length: number, seed: number): GeneratedSeries {
  let state = 0x9e3779b9 ^ seed;
  const uniform = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
  const values = new Float64Array(length);
  let price = 100;
  let volatility = 0.01;
  for (let i = 0; i < length; i++) {
    volatility = 0.9 * volatility + 0.1 * (0.004 + 0.03 * uniform() * uniform());
    price *= 1 + volatility * (uniform() + uniform() + uniform() - 1.5);
    values[i] = price;
  }
  const breakBefore = new Uint8Array(length);
  breakBefore[length >> 1] = 1;
  return { cacheKey: `${KEY_PREFIX}${length}`, values, breakBefore };
}
