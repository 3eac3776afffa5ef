import fs from "node:fs";
import os from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { builtSearchKernels } from "../../../test/support/search-kernels.js";
import { garchWalk } from "../../../test/support/seeded-rng.js";
import { prepareSeries } from "../../core/prepared-series.js";
import { searchMany } from "../../core/search-many.js";
import { searchSeriesWindow, type WindowMatch } from "../../core/search-series.js";
import { useWasmKernels } from "../../core/wasm-kernels.js";
import { loadSearchKernels } from "./search-kernels.js";
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
      const job = { values, breakBefore, queryStart: 11_000, m: 60, k: 10, metric, wrap: false };
      const fromWorker = await pool.run(job);
      const local = searchSeriesWindow(series, job.queryStart, job.m, { k: 10, metric });
      expect(fromWorker.matches, metric).toEqual(local.map(plain));
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

  it("answers a cross-series job with the same matches as searchMany here", async () => {
    const values = [21, 22, 23].map((seed) => garchWalk({ length: 5_000, seed, volPerBar: 0.012 }));
    const breakBefore = values.map((v) => new Uint8Array(v.length));
    breakBefore[1][2500] = 1;
    const excludeRanges: ([number, number] | undefined)[] = [[4_000, 4_060], undefined, [3_900, 4_100]];
    useWasmKernels(undefined);
    const list = values.map((v, i) => prepareSeries(v, breakBefore[i]));
    for (const metric of ["l2", "l1"] as const) {
      const job = { kind: "many" as const, series: values.map((v, i) => ({ values: v, breakBefore: breakBefore[i] })), queryStart: 4_000, m: 60, k: 12, metric, wrap: false, excludeRanges };
      const fromWorker = await pool.run(job);
      const local = searchMany(list, values[0].subarray(4_000, 4_060), { k: 12, metric, excludeRanges });
      expect(new Set(local.map((x) => x.seriesIndex)).size, metric).toBeGreaterThan(1);
      expect(fromWorker.matches, metric).toEqual(local.map(plain));
    }
  });

  it("answers exactly after prime(), also when a job brings other values under a primed key", async () => {
    const primed = garchWalk({ length: 8_000, seed: 31, volPerBar: 0.012 });
    const other = garchWalk({ length: 8_000, seed: 32, volPerBar: 0.012 });
    const breakBefore = new Uint8Array(primed.length);
    pool.prime([{ cacheKey: "PRIMED|1d", values: primed, breakBefore }]);
    useWasmKernels(undefined);
    for (const values of [primed, other]) {
      const job = { cacheKey: "PRIMED|1d", values, breakBefore, queryStart: 7_000, m: 65, k: 5, metric: "l1" as const, wrap: false };
      const local = searchSeriesWindow(prepareSeries(values, breakBefore), job.queryStart, job.m, { k: 5, metric: "l1" });
      // Twice, so both workers answer (each has its own primed copy).
      for (let i = 0; i < 2; i++) expect((await pool.run(job)).matches).toEqual(local.map(plain));
    }
  });
});

function plain(x: WindowMatch) {
  return { start: x.start, distance: x.distance, wrapped: x.wrapped, seriesIndex: x.seriesIndex };
}
