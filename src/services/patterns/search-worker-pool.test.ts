import { afterAll, describe, expect, it } from "vitest";
import { builtSearchKernels } from "../../../test/support/search-kernels.js";
import { garchWalk } from "../../../test/support/seeded-rng.js";
import { prepareSeries } from "../../core/prepared-series.js";
import { searchSeriesWindow } from "../../core/search-series.js";
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
      expect(fromWorker.matches, metric).toEqual(local.map((x) => ({ start: x.start, distance: x.distance, wrapped: x.wrapped })));
    }
  });
});
