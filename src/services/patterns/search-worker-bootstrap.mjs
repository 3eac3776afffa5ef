// Worker threads start without the parent's TypeScript loader when the parent was not started by tsx
// (tests, other hosts): register tsx's ESM hooks in this thread, then load the TypeScript worker.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
