/**
 * What a search worker does with one job: finds the prepared copies of its series (search-worker-cache.ts)
 * and runs the exact core search, or the named analytics task on the worker's copies of its histories. The
 * worker's message handler and its warm-up both call this, so the warm-up compiles the very code a real job
 * runs.
 */
import { searchMany } from "../../core/search-many.js";
import { searchSeriesWindow, type WindowMatch } from "../../core/search-series.js";
import type { AnySearchJob, TaskJob } from "./search-job.js";
import { historyFor, preparedFor } from "./search-worker-cache.js";
import { WORKER_TASKS } from "./worker-tasks.js";

export function runSearchJob(job: AnySearchJob): WindowMatch[] {
  const options = { k: job.k, metric: job.metric, wrap: job.wrap };
  if (job.kind === "many") {
    const list = job.series.map((s) => preparedFor(s.cacheKey, s.values, s.breakBefore));
    const query = list[0].values.subarray(job.queryStart, job.queryStart + job.m);
    return searchMany(list, query, { ...options, excludeRanges: job.excludeRanges });
  }
  return searchSeriesWindow(preparedFor(job.cacheKey, job.values, job.breakBefore), job.queryStart, job.m, { ...options, causal: job.causal });
}

export function runTaskJob(job: TaskJob): unknown {
  if (!Object.hasOwn(WORKER_TASKS, job.task)) throw new Error(`unknown worker task ${String(job.task)}`);
  const task = WORKER_TASKS[job.task] as (inputs: ReturnType<typeof historyFor>[], args: unknown) => unknown;
  return task(
    job.series.map((s) => historyFor(s.cacheKey, s.series)),
    job.args,
  );
}
