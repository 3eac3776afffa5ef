/**
 * Runs search jobs and analytics tasks on generated histories (never served: results are dropped, cache
 * entries forgotten) so a thread's first real job does not pay for compiling the code and instantiating the
 * kernels.
 *
 * Why the jobs look exactly like real ones: V8 compiles a function for the argument shapes it has seen. A
 * warm-up that prepared series without gap markers (as this one once did) left the series preparation
 * optimised for `undefined`; a real job carries a Uint8Array, so its first run threw that code away and ran
 * interpreted again (measured: ~7 ms of a worker's part of the first /screen in preparing flags alone). So
 * the jobs here carry gap markers, go through the workers' cache (bars sent, then named), and cover both kernel
 * paths (bound-pruned scan on a long series, MASS on a short one), both metrics, causal and cross-series
 * searches, at short, medium and long windows. A few rounds get the hot functions to the optimising tier.
 */
import type { PriceSeries } from "../../analytics/price-series.js";
import { DAY_MS } from "../../domain/bar.js";
import type { AnyJob, HistoryRef } from "./search-job.js";
import { runJob } from "./search-job-runner.js";
import { forgetHistory } from "./search-worker-cache.js";

/** Daily histories served are ~2k-11k bars: one of each kind (MASS picks the short one at long windows). */
const WARM_UP_LENGTHS = [2_500, 12_000];
const WARM_UP_WINDOWS = [20, 65, 250];
const WARM_UP_ROUNDS = 3;
const KEY_PREFIX = "(warm-up)|";

export function warmUpSearch(): void {
  const histories = WARM_UP_LENGTHS.map((length, index) => generatedHistory(length, index + 1));
  // Negative versions: never one the pool hands out. The first job sends the bars, later ones name them.
  const refs = histories.map((history, i): HistoryRef => ({ key: history.ticker, version: -1 - i, ticker: history.ticker, history }));
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    for (const job of warmUpJobs(round === 0 ? refs : refs.map(({ key, version, ticker }) => ({ key, version, ticker })))) runJob(job);
  }
  for (const { key } of refs) forgetHistory(key);
}

function warmUpJobs(refs: HistoryRef[]): AnyJob<HistoryRef>[] {
  const jobs: AnyJob<HistoryRef>[] = [];
  const lengths = WARM_UP_LENGTHS;
  for (const metric of ["l2", "l1"] as const) {
    for (const m of WARM_UP_WINDOWS) {
      refs.forEach((ref, i) => {
        const queryStart = lengths[i] - m;
        jobs.push({ kind: "window", series: [ref], queryStart, m, k: 10, metric, wrap: false });
        jobs.push({ kind: "window", series: [ref], queryStart: queryStart - 3 * m, m, k: 10, metric, wrap: false, causal: true });
      });
    }
    const m = WARM_UP_WINDOWS[1];
    const queryStart = lengths[0] - m;
    const search = { queryStart, m, k: 10, metric, wrap: false, summarize: true };
    jobs.push({ kind: "task", task: "patternAnalogs", series: [refs[0]], args: search });
    jobs.push({ kind: "task", task: "patternAnalogs", series: refs, args: { ...search, excludeRanges: refs.map((_, i) => (i === 0 ? [queryStart, queryStart + m] : undefined)) } });
  }
  // The analytics that follow searches (worker-tasks.ts): a forecast with its regime label, a playbook's outcomes
  // and lead-lag, a profile study, and a signal replay over the last bars. On the short history: the code compiled
  // is the same, and on the long one the forecast and the signal replay were two thirds of a worker's warm-up
  // (each searches the whole history, causally, several times).
  const [short, long] = refs;
  const n = lengths[0];
  const options = { k: 20, metric: "l2" as const, horizonsDays: [7, 30], causal: true };
  jobs.push({ kind: "task", task: "forecast", series: [short], args: { window: { start: n - 60, m: 60 }, options, labelRegime: true } });
  const startsMs = [400, 1_000, 1_800].map((i) => WARM_UP_EPOCH_MS + i * DAY_MS);
  const anchors = { startsMs, anchorsMs: startsMs.map((t) => t + 40 * DAY_MS), queryStartMs: WARM_UP_EPOCH_MS + (n - 60) * DAY_MS, endMs: WARM_UP_EPOCH_MS + n * DAY_MS, horizonsDays: [7, 30], leadLagReturns: 250, search: { m: 60, k: 10, metric: "l2" as const, queryStart: n - 60 } };
  jobs.push({ kind: "task", task: "playbookOutcomes", series: [short, long], args: anchors });
  jobs.push({ kind: "task", task: "profileStudy", series: [short], args: { lookbackBars: 20, forwardBars: 20, minReturn: -0.05 } });
  jobs.push({ kind: "task", task: "signalReplay", series: [short], args: { horizonDays: 30, firstBar: n - 120, maxSignals: 3 } });
  return jobs;
}

/** Bar i of a generated history is WARM_UP_EPOCH_MS + i days (the gap adds a week, so its marker is real). */
const WARM_UP_EPOCH_MS = Date.UTC(1990, 0, 1);

/**
 * A price-like random walk with volatility clusters (so the bound prunes as on real data, which a smooth
 * curve would not show) and one gap. Deterministic: xorshift32 from a fixed seed.
 */
function generatedHistory(length: number, seed: number): PriceSeries {
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
  const timesMs = new Float64Array(length);
  for (let i = 0; i < length; i++) timesMs[i] = WARM_UP_EPOCH_MS + (i + (i >= length >> 1 ? 7 : 0)) * DAY_MS;
  return { ticker: `${KEY_PREFIX}${length}`, timeframe: "1d", timesMs, opens: values, highs: values, lows: values, closes: values, breakBefore };
}
