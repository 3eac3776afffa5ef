// Starts a worker thread's entry module (workerData.entry, a file URL): the search workers, the answer encoder and
// the embedded payment network. From the built output (dist/src/) the entry is JavaScript, and its bundle
// (dist/bundle/<entry>.js, scripts/build-server-bundle.mjs) is imported instead when there is one: one file instead of
// a few hundred modules to resolve, read and compile. From source the entry is TypeScript, and a worker does not
// inherit the parent's tsx loader (tests, `npm run dev`), so tsx's ESM hooks are registered in this thread first.
import { existsSync } from "node:fs";
import { workerData } from "node:worker_threads";

const entry = workerData.entry;
if (entry.endsWith(".ts")) {
  const { register } = await import("tsx/esm/api");
  register();
}
const bundled = new URL(`../../bundle/${entry.slice(entry.lastIndexOf("/") + 1)}`, import.meta.url);
await import(entry.endsWith(".js") && existsSync(bundled) ? bundled.href : entry);
