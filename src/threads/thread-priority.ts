import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { isMainThread } from "node:worker_threads";

/**
 * Heavy work yields the CPU to the event loop and the payment thread: on 2 cores, busy helper threads would
 * otherwise take an equal share from the threads that answer every other call, and a cheap call's latency
 * would follow the heavy load. At nice 10 a thread gets about a tenth of the weight of a normal thread when
 * they contend, and all of an idle core. On Linux setpriority(PRIO_PROCESS, 0) applies to the calling thread
 * only; elsewhere it would lower the whole process, so it is not done there.
 *
 * Once warm, such a thread also goes to the SCHED_IDLE policy (idleThisThread: util-linux's `chrt`, which
 * Debian always has; Node has no call for it). Nice alone still let a woken event loop or payment thread
 * wait for a busy search to finish its time slice (the kernel's EEVDF scheduler lets the running task reach
 * its deadline first), several times per paid call; an idle-policy thread is preempted at once.
 * `bench:event-loop`, six alternated pairs: the cheap call's p50 under the heavy load 8.5-10.5 ms (nice 10)
 * against 6.4-8.6 ms, loaded/idle 1.6-2.1 against 1.05-1.54, and the same heavy answers per second (about
 * 94). The risk: while normal threads keep both cores busy, searches wait (up to their 120 s deadline). Not
 * seen: with 30 callers flooding a cheap paid route, a 12-ticker /screen took 114-121 ms at p50 (max 355-673)
 * against 113-129 (max 316-603) at nice 10, the event loop being what both wait for.
 */
export const HEAVY_WORK_NICE = 10;

/** sched(7)'s policy number, as /proc/<tid>/stat reports it. */
export const SCHED_IDLE_POLICY = 5;

/** Lowers the calling worker thread's priority to `nice` (Linux only; a sandbox that refuses is ignored). */
export function lowerThisThreadsPriority(nice = HEAVY_WORK_NICE): void {
  if (process.platform !== "linux" || isMainThread) return;
  try {
    os.setPriority(0, nice);
  } catch {
    // Refused: the thread runs at the normal priority.
  }
}

/**
 * Moves the calling worker thread to SCHED_IDLE (Linux only; without chrt, or refused, it stays as it was).
 * Called once the worker has warmed up: at start the service's own warm-up keeps the event loop busy, and
 * an idle-policy worker then got no CPU at all (the first /screen right after listening took 80 ms, not 35).
 * Never on the main thread, whose event loop answers every call.
 */
export function idleThisThread(): void {
  if (process.platform !== "linux" || isMainThread) return;
  try {
    execFileSync("chrt", ["--idle", "--pid", "0", thisThreadsId()], { stdio: "ignore", timeout: 5_000 });
  } catch {
    // No chrt, or refused: the thread keeps its nice value.
  }
}

/** The calling thread's kernel id (/proc/thread-self -> "<pid>/task/<tid>"). */
function thisThreadsId(): string {
  return fs.readlinkSync("/proc/thread-self").split("/").pop()!;
}
