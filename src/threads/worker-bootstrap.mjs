// Starts a worker thread's entry module (workerData.entry, a file URL): the search workers and the embedded
// payment network. From the built output (dist/) the entry is JavaScript and is imported directly. From
// source the entry is TypeScript, and a worker does not inherit the parent's tsx loader (tests, `npm run
// dev`), so tsx's ESM hooks are registered in this thread first.
import { workerData } from "node:worker_threads";

if (workerData.entry.endsWith(".ts")) {
  const { register } = await import("tsx/esm/api");
  register();
}
await import(workerData.entry);
