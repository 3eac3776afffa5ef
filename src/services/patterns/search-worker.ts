/**
 * Worker-thread entry for CPU-heavy analog searches, so the HTTP event loop keeps answering while a
 * search runs. It receives plain arrays, runs the exact core search, and answers with plain numbers.
 * A message without a job is a warm-up: the pool sends one at start so the first real search finds the
 * kernels loaded and the search code compiled. A `prime` message carries series to prepare ahead of use. A
 * task job (kind "task") runs one of worker-tasks.ts's analytics and answers with its result.
 */
import { parentPort } from "node:worker_threads";
import type { AnySearchJob, SearchJobResult, SearchSeriesInput, TaskJob } from "./search-job.js";
import { idleThisThread, lowerThisThreadsPriority } from "../../thread-priority.js";
import { runSearchJob, runTaskJob } from "./search-job-runner.js";
import { loadSearchKernels } from "./search-kernels.js";
import { preparedFor } from "./search-worker-cache.js";
import { warmUpSearch } from "./warm-up-search.js";
import { toWorkerError } from "./worker-error.js";

if (parentPort === null) throw new Error("search-worker must run as a worker thread");
const port = parentPort;
// Searches yield to the threads that answer every other call (thread-priority.ts).
lowerThisThreadsPriority();
loadSearchKernels();

port.on("message", (message: { id: number; job?: AnySearchJob | TaskJob } | { prime: SearchSeriesInput[] }) => {
  if ("prime" in message) {
    // The pool's prime(): prepare these series now; nobody waits for an answer.
    for (const series of message.prime) void preparedFor(series.cacheKey, series.values, series.breakBefore).flags;
    return;
  }
  const { id, job } = message;
  try {
    if (job === undefined) {
      warmUpSearch();
      // Warm: from now on searches run only on CPU that the threads answering calls leave (thread-priority.ts).
      idleThisThread();
      port.postMessage({ id, result: { matches: [] } satisfies SearchJobResult });
      return;
    }
    if (job.kind === "task") {
      port.postMessage({ id, result: runTaskJob(job) });
      return;
    }
    const result: SearchJobResult = { matches: runSearchJob(job).map((x) => ({ start: x.start, distance: x.distance, wrapped: x.wrapped, seriesIndex: x.seriesIndex })) };
    port.postMessage({ id, result });
  } catch (error) {
    port.postMessage({ id, error: toWorkerError(error) });
  }
});
