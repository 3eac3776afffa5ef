/**
 * What a search worker does with one job: finds its copies of the job's histories (search-worker-cache.ts)
 * and runs the exact core search of a window, or the named analytics task on them. The worker's message
 * handler and its warm-up both call this, so the warm-up compiles the very code a real job runs.
 */
import { searchSeriesWindow } from "../../core/search-series.js";
import type { AnyJob, HistoryRef, SearchJobResult } from "./search-job.js";
import { historyFor } from "./search-worker-cache.js";
import { WORKER_TASKS, type TaskSeries } from "./worker-tasks.js";

/**
 * A search's SearchJobResult or a task's result (a promise for an asynchronous task); throws MissingHistory when
 * a named history is not held.
 */
export function runJob(job: AnyJob<HistoryRef>): unknown {
  const histories = job.series.map(historyFor);
  if (job.kind === "task") return runTask(job.task, histories, job.args);
  const matches = searchSeriesWindow(histories[0].prepared, job.queryStart, job.m, { k: job.k, metric: job.metric, wrap: job.wrap, causal: job.causal });
  return { matches: matches.map((x) => ({ start: x.start, distance: x.distance, wrapped: x.wrapped })) } satisfies SearchJobResult;
}

function runTask(name: string, histories: TaskSeries[], args: unknown): unknown {
  if (!Object.hasOwn(WORKER_TASKS, name)) throw new Error(`unknown worker task ${name}`);
  const task = WORKER_TASKS[name as keyof typeof WORKER_TASKS] as (inputs: TaskSeries[], args: unknown) => unknown;
  return task(histories, args);
}
