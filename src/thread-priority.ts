import os from "node:os";

/**
 * Heavy work yields the CPU to the event loop and the payment thread: on 2 cores, busy helper threads would
 * otherwise take an equal share from the threads that answer every other call, and a cheap call's latency
 * would follow the heavy load. At nice 10 a thread gets about a tenth of the weight of a normal thread when
 * they contend, and all of an idle core. On Linux setpriority(PRIO_PROCESS, 0) applies to the calling thread
 * only; elsewhere it would lower the whole process, so it is not done there.
 */
export const HEAVY_WORK_NICE = 10;

/** Lowers the calling worker thread's priority to `nice` (Linux only; a sandbox that refuses is ignored). */
export function lowerThisThreadsPriority(nice = HEAVY_WORK_NICE): void {
  if (process.platform !== "linux") return;
  try {
    os.setPriority(0, nice);
  } catch {
    // Refused: the thread runs at the normal priority.
  }
}
