/**
 * Worker-thread entry for CPU-heavy analog searches, so the HTTP event loop keeps answering while a
 * screen runs. It receives plain arrays, runs the exact core search, and answers with plain numbers.
 * A message without a job is a warm-up: the pool sends one at start so the first real search finds the
 * kernels loaded and the search code compiled.
 */
import { parentPort } from "node:worker_threads";
import { prepareSeries } from "../../core/prepared-series.js";
import { searchSeriesWindow } from "../../core/search-series.js";
import type { SearchJob, SearchJobResult } from "./search-job.js";
import { loadSearchKernels } from "./search-kernels.js";
import { warmUpSearch } from "./warm-up-search.js";

if (parentPort === null) throw new Error("search-worker must run as a worker thread");
const port = parentPort;
loadSearchKernels();

port.on("message", (message: { id: number; job?: SearchJob }) => {
  const { id, job } = message;
  try {
    if (job === undefined) {
      warmUpSearch();
      port.postMessage({ id, result: { matches: [] } satisfies SearchJobResult });
      return;
    }
    const series = prepareSeries(job.values, job.breakBefore);
    const matches = searchSeriesWindow(series, job.queryStart, job.m, { k: job.k, metric: job.metric, wrap: job.wrap });
    const result: SearchJobResult = { matches: matches.map((x) => ({ start: x.start, distance: x.distance, wrapped: x.wrapped })) };
    port.postMessage({ id, result });
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
