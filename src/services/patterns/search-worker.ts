/**
 * Worker-thread entry for CPU-heavy analog searches and the analytics over whole histories (worker-tasks.ts),
 * so the HTTP event loop keeps answering while they run. It receives jobs that name histories
 * (search-worker-cache.ts), runs them, and answers with plain data. A message without a job is a warm-up:
 * the pool sends one at start so the first real job finds the kernels loaded and the code compiled. A
 * `prime` message carries histories to prepare ahead of use.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { AnyJob, HistoryRef, SearchJobResult } from "./search-job.js";
import { idleThisThread, lowerThisThreadsPriority } from "../../threads/thread-priority.js";
import { runJob } from "./search-job-runner.js";
import { loadSearchKernels } from "./search-kernels.js";
import { beginJob, historyFor, limitHeldBytes, MissingHistory, takeDroppedKeys } from "./search-worker-cache.js";
import { warmUpSearch } from "./warm-up-search.js";
import { toWorkerError } from "./worker-error.js";

if (parentPort === null) throw new Error("search-worker must run as a worker thread");
const port = parentPort;
// Searches yield to the threads that answer every other call (thread-priority.ts).
lowerThisThreadsPriority();
loadSearchKernels();
limitHeldBytes((workerData as { cacheBytes: number }).cacheBytes);

port.on("message", async (message: { id: number; job?: AnyJob<HistoryRef> } | { prime: HistoryRef[] }) => {
  if ("prime" in message) {
    // The pool's prime(): prepare these histories now; nobody waits for an answer.
    beginJob();
    for (const ref of message.prime) void historyFor(ref).prepared.flags;
    return;
  }
  const { id, job } = message;
  beginJob();
  try {
    if (job === undefined) {
      warmUpSearch();
      // Warm: from now on searches run only on CPU that the threads answering calls leave (thread-priority.ts).
      idleThisThread();
      port.postMessage({ id, result: { matches: [] } satisfies SearchJobResult });
      return;
    }
    // Awaited: a task may be asynchronous; the pool sends this worker nothing else until it answers.
    const result = await runJob(job);
    port.postMessage({ id, result, dropped: takeDroppedKeys() });
  } catch (error) {
    // A history this worker no longer holds: the pool sends the job again with the bars.
    if (error instanceof MissingHistory) port.postMessage({ id, missing: true, dropped: takeDroppedKeys() });
    else port.postMessage({ id, error: toWorkerError(error), dropped: takeDroppedKeys() });
  }
});
