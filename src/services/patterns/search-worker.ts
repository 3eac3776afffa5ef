/**
 * Worker-thread entry for CPU-heavy analog searches, so the HTTP event loop keeps answering while a
 * screen runs. It receives plain arrays, runs the exact core search, and answers with plain numbers.
 */
import { parentPort } from "node:worker_threads";
import { prepareSeries } from "../../core/prepared-series.js";
import { searchSeriesWindow } from "../../core/search-series.js";
import type { SearchJob, SearchJobResult } from "./search-job.js";

if (parentPort === null) throw new Error("search-worker must run as a worker thread");
const port = parentPort;

port.on("message", (message: { id: number; job: SearchJob }) => {
  const { id, job } = message;
  try {
    const series = prepareSeries(job.values, job.breakBefore);
    const matches = searchSeriesWindow(series, job.queryStart, job.m, { k: job.k, metric: job.metric, wrap: job.wrap });
    const result: SearchJobResult = { matches: matches.map((x) => ({ start: x.start, distance: x.distance, wrapped: x.wrapped })) };
    port.postMessage({ id, result });
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
