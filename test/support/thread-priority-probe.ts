/**
 * Worker entry for test/platform/thread-priority.test.ts: reports this thread's nice value and scheduling
 * policy before, after lowerThisThreadsPriority() and after idleThisThread().
 */
import { parentPort } from "node:worker_threads";
import { ownScheduling } from "./own-scheduling.js";
import { idleThisThread, lowerThisThreadsPriority } from "../../src/threads/thread-priority.js";

const before = ownScheduling();
lowerThisThreadsPriority();
const lowered = ownScheduling();
idleThisThread();
parentPort!.postMessage({ before, lowered, idle: ownScheduling() });
