import fs from "node:fs";
import os from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { builtSearchKernels } from "../../../test/support/search-kernels.js";
import { garchWalk } from "../../../test/support/seeded-rng.js";
import { analogForecast } from "../../analytics/analog-forecast.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import { prepareSeries } from "../../core/prepared-series.js";
import { AppError } from "../../domain/app-error.js";
import { searchMany } from "../../core/search-many.js";
import { searchSeriesWindow, type WindowMatch } from "../../core/search-series.js";
import { useWasmKernels } from "../../core/wasm-kernels.js";
import { loadSearchKernels } from "./search-kernels.js";
import { HELD_BYTES_PER_BAR } from "./search-worker-cache.js";
import { SearchWorkerPool } from "./search-worker-pool.js";

describe("SearchWorkerPool with the built kernels", () => {
  builtSearchKernels(); // makes sure build/search-kernels.wasm exists, as `npm install` leaves it
  const pool = new SearchWorkerPool(2);
  afterAll(() => pool.close());

  it("loads the wasm kernels in this thread", () => {
    expect(loadSearchKernels()).toBe("wasm-simd");
  });

  it("warms every worker, then answers jobs with the same matches as the JS kernels here", async () => {
    await pool.warm();
    const values = garchWalk({ length: 12_000, seed: 21, volPerBar: 0.012 });
    const breakBefore = new Uint8Array(values.length);
    breakBefore[6000] = 1;
    useWasmKernels(undefined);
    const series = prepareSeries(values, breakBefore);
    for (const metric of ["l2", "l1"] as const) {
      const job = { kind: "window" as const, series: [history("WALK", values, breakBefore)] as [PriceSeries], queryStart: 11_000, m: 60, k: 10, metric, wrap: false };
      const fromWorker = await pool.run(job);
      const local = searchSeriesWindow(series, job.queryStart, job.m, { k: 10, metric });
      expect(fromWorker.matches, metric).toEqual(local.map(plainWindow));
    }
  });

  it.runIf(process.platform === "linux")("runs its threads at nice 10 and leaves this thread's priority alone", async () => {
    await pool.warm();
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value (the command name may hold spaces).
    const niceOf = (tid: string) => Number(fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1]!.split(" ")[16]);
    const nices = fs.readdirSync("/proc/self/task").map(niceOf);
    expect(nices.filter((nice) => nice === 10).length).toBeGreaterThanOrEqual(2);
    expect(os.getPriority(0)).toBe(0);
  });

  it("answers a cross-series search (the pattern routes' universe task) with the same matches as searchMany here", async () => {
    const values = [21, 22, 23].map((seed) => garchWalk({ length: 5_000, seed, volPerBar: 0.012 }));
    const breakBefore = values.map((v) => new Uint8Array(v.length));
    breakBefore[1][2500] = 1;
    const excludeRanges: ([number, number] | undefined)[] = [[4_000, 4_060], undefined, [3_900, 4_100]];
    useWasmKernels(undefined);
    const list = values.map((v, i) => prepareSeries(v, breakBefore[i]));
    for (const metric of ["l2", "l1"] as const) {
      const search = { queryStart: 4_000, m: 60, k: 12, metric, wrap: false, excludeRanges, summarize: false };
      const fromWorker = await pool.compute("patternAnalogs", values.map((v, i) => history(`MANY${i}`, v, breakBefore[i])), search);
      const local = searchMany(list, values[0].subarray(4_000, 4_060), { k: 12, metric, excludeRanges });
      expect(new Set(local.map((x) => x.seriesIndex)).size, metric).toBeGreaterThan(1);
      expect(fromWorker.analogs.map((a) => ({ start: a.indices[0], distance: a.distance, wrapped: a.wrapped, seriesIndex: a.seriesIndex })), metric).toEqual(local.map(plain));
      expect(fromWorker.summary).toBeNull();
    }
  });

  it("answers exactly after prime(), also when a job brings another history under a primed key", async () => {
    const breakBefore = new Uint8Array(8_000);
    const primed = history("PRIMED", garchWalk({ length: 8_000, seed: 31, volPerBar: 0.012 }), breakBefore);
    const other = history("PRIMED", garchWalk({ length: 8_000, seed: 32, volPerBar: 0.012 }), breakBefore);
    pool.prime([primed]);
    useWasmKernels(undefined);
    for (const one of [primed, other, primed]) {
      const job = { kind: "window" as const, series: [one] as [PriceSeries], queryStart: 7_000, m: 65, k: 5, metric: "l1" as const, wrap: false };
      const local = searchSeriesWindow(prepareSeries(one.closes, breakBefore), job.queryStart, job.m, { k: 5, metric: "l1" });
      // Twice, so both workers answer (each has its own copy).
      for (let i = 0; i < 2; i++) expect((await pool.run(job)).matches).toEqual(local.map(plainWindow));
    }
  });

  it("answers exactly when a worker has evicted a history it was sent (more histories than it holds)", async () => {
    // One worker holding 24 of these histories by bytes: the second pass names 40 it was sent, the first 16 evicted since.
    const single = new SearchWorkerPool(1, 24 * 1_500 * HELD_BYTES_PER_BAR);
    const histories = Array.from({ length: 40 }, (_, i) => history(`EVICT${i}`, garchWalk({ length: 1_500, seed: 100 + i, volPerBar: 0.012 }), new Uint8Array(1_500)));
    useWasmKernels(undefined);
    const expected = histories.map((one) => searchSeriesWindow(prepareSeries(one.closes, one.breakBefore), 1_400, 30, { k: 3, metric: "l2" }).map(plainWindow));
    // Two passes: the second names histories the workers were sent in the first and have evicted since.
    for (let pass = 0; pass < 2; pass++) {
      const answers = await Promise.all(histories.map((one) => single.run({ kind: "window", series: [one], queryStart: 1_400, m: 30, k: 3, metric: "l2", wrap: false })));
      expect(answers.map((a) => a.matches)).toEqual(expected);
    }
    await single.close();
  });

  it("runs an analytics task on its histories with the figures it gives on this thread", async () => {
    const one = history("TASK", garchWalk({ length: 6_000, seed: 41, volPerBar: 0.012 }), new Uint8Array(6_000));
    const args = { window: { start: 5_900, m: 40 }, options: { k: 15, metric: "l2" as const, horizonsDays: [7, 30], causal: true }, labelRegime: false };
    useWasmKernels(undefined);
    const local = analogForecast(one, prepareSeries(one.closes, one.breakBefore), args.window, args.options);
    expect(local.analogs.length).toBe(15);
    // Twice: the second run reuses the worker's copy and its memoised baselines.
    for (let i = 0; i < 2; i++) expect(await pool.compute("forecast", [one], args)).toEqual({ ...local, regime: null });
  });

  it("labels a history with each caller's spelling of it (one copy in the worker serves every spelling)", async () => {
    const columns = history("BTC-USD", garchWalk({ length: 600, seed: 51, volPerBar: 0.02 }), new Uint8Array(600));
    for (const ticker of ["BTC", "BTC-USD", "BTC"]) {
      const replay = await pool.compute("signalReplay", [{ ...columns, ticker }], { horizonDays: 5, firstBar: 560, maxSignals: 100 });
      expect(replay.signals.length).toBeGreaterThan(0);
      expect(new Set(replay.signals.map((signal) => signal.ticker))).toEqual(new Set([ticker]));
    }
  });

  it("rejects with the task's own AppError, and with a plain Error for an unknown task", async () => {
    const short = (ticker: string, seed: number) => history(ticker, garchWalk({ length: 100, seed, volPerBar: 0.01 }), new Uint8Array(100));
    const four = [short("VIX", 1), short("TNX", 2), short("SPX", 3), short("GLD", 4)];
    const refused = await pool.compute("macroAnalogs", four, { lookbackDays: 60, k: 5 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("VALIDATION_FAILED");
    expect((refused as AppError).details?.[0]?.param).toBe("lookback_days");
    const unknown = await pool.compute("noSuchTask" as "profileStudy", four, { lookbackBars: 5, forwardBars: 5, minReturn: 0 }).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(Error);
    expect(unknown).not.toBeInstanceOf(AppError);
    expect((unknown as Error).message).toContain("unknown worker task noSuchTask");
  });
});

/** A daily history of these closes (one bar a day from 2000-01-01; the opens, highs and lows are the closes). */
function history(ticker: string, closes: Float64Array, breakBefore: Uint8Array): PriceSeries {
  const timesMs = Float64Array.from({ length: closes.length }, (_, i) => Date.UTC(2000, 0, 1) + i * 86_400_000);
  return { ticker, timeframe: "1d", timesMs, opens: closes, highs: closes, lows: closes, closes, breakBefore };
}

function plain(x: WindowMatch) {
  return { start: x.start, distance: x.distance, wrapped: x.wrapped, seriesIndex: x.seriesIndex };
}

function plainWindow(x: WindowMatch) {
  return { start: x.start, distance: x.distance, wrapped: x.wrapped };
}
