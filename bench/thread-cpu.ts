/**
 * CPU time per thread, from Linux's /proc (utime + stime in clock ticks of 10 ms): unlike wall time it does
 * not grow when other processes take the cores, so "CPU ms per call" stays comparable on a busy machine.
 * Threads are known by their kernel thread id: the main thread's is the process id, and a worker can read
 * its own from /proc/thread-self. Elsewhere than Linux every figure is undefined.
 */
import fs from "node:fs";

const TICK_MS = 10;

/** CPU ms one thread of this process has used so far, or undefined if it cannot be read. */
function threadCpuMs(tid: number): number | undefined {
  try {
    // Fields 14 and 15 (utime, stime); the command name in field 2 may hold spaces, so split after ")".
    const fields = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** CPU ms the whole process (every thread) has used so far. */
function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

export interface CpuSplit {
  mainMs: number | undefined;
  clientMs: number | undefined;
  /** The busiest other thread: under paid load, the payment thread (chain + facilitator). */
  busiestOtherMs: number | undefined;
  otherMs: number;
}

function everyThreadCpuMs(): Map<number, number> {
  const cpu = new Map<number, number>();
  let tids: string[] = [];
  try {
    tids = fs.readdirSync("/proc/self/task");
  } catch {
    return cpu;
  }
  for (const tid of tids) {
    const ms = threadCpuMs(Number(tid));
    if (ms !== undefined) cpu.set(Number(tid), ms);
  }
  return cpu;
}

/** Starts a measurement; the returned function gives the CPU used since, split main / client thread / rest. */
export function startCpuSplit(clientTid: number | undefined): () => CpuSplit {
  const before = everyThreadCpuMs();
  const total0 = processCpuMs();
  return () => {
    const after = everyThreadCpuMs();
    const used = (tid: number) => {
      const start = before.get(tid);
      const end = after.get(tid);
      return start === undefined || end === undefined ? undefined : end - start;
    };
    let busiestOtherMs: number | undefined;
    for (const [tid, end] of after) {
      if (tid === process.pid || tid === clientTid) continue;
      const ms = end - (before.get(tid) ?? 0);
      if (busiestOtherMs === undefined || ms > busiestOtherMs) busiestOtherMs = ms;
    }
    const mainMs = used(process.pid);
    const clientMs = clientTid === undefined ? undefined : used(clientTid);
    return { mainMs, clientMs, busiestOtherMs, otherMs: processCpuMs() - total0 - (mainMs ?? 0) - (clientMs ?? 0) };
  };
}
