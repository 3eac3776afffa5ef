import { Worker } from "node:worker_threads";

/**
 * Starts a worker thread on `entryName`, a module beside the caller (named without its extension), through
 * ./worker-bootstrap.mjs. Run from source the caller is TypeScript and so is the entry (the bootstrap then
 * registers tsx in the new thread); run from the built output (dist/) both are JavaScript.
 */
export function startWorker(callerUrl: string, entryName: string, workerData: Record<string, unknown> = {}): Worker {
  const extension = callerUrl.endsWith(".ts") ? ".ts" : ".js";
  return new Worker(new URL("./worker-bootstrap.mjs", import.meta.url), {
    workerData: { ...workerData, entry: new URL(`./${entryName}${extension}`, callerUrl).href },
  });
}
