/**
 * CPU time per thread, from Linux's /proc (utime + stime in clock ticks of 10 ms): unlike wall time it does
 * not grow when other processes take the cores, so "CPU ms per call" stays comparable on a busy machine.
 * Threads are known by their kernel thread id: the main thread's is the process id, and a worker can read
 * its own from /proc/thread-self. Elsewhere than Linux every figure is undefined.
 */
import fs from "node:fs";

const TICK_MS = 10;

interface ThreadCpu {
  /** The kernel's name of the thread (field 2 of stat): "node", "V8 DefaultWorke", "libuv-worker", a worker's name. */
  name: string;
  ms: number;
}

/** CPU ms one thread of this process has used so far, and its name, or undefined if it cannot be read. */
function threadCpu(tid: number): ThreadCpu | undefined {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    // Fields 14 and 15 (utime, stime); the command name in field 2 may hold spaces and parentheses, so split
    // at the last ")".
    const close = stat.lastIndexOf(")");
    const fields = stat.slice(close + 2).split(" ");
    return { name: stat.slice(stat.indexOf("(") + 1, close), ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
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
  /** CPU ms of the threads other than main and client, summed by thread name (the busiest one included). */
  otherByName: Map<string, number>;
}

function everyThreadCpu(): Map<number, ThreadCpu> {
  const cpu = new Map<number, ThreadCpu>();
  let tids: string[] = [];
  try {
    tids = fs.readdirSync("/proc/self/task");
  } catch {
    return cpu;
  }
  for (const tid of tids) {
    const thread = threadCpu(Number(tid));
    if (thread !== undefined) cpu.set(Number(tid), thread);
  }
  return cpu;
}

/** Starts a measurement; the returned function gives the CPU used since, split main / client thread / rest. */
export function startCpuSplit(clientTid: number | undefined): () => CpuSplit {
  const before = everyThreadCpu();
  const total0 = processCpuMs();
  return () => {
    const after = everyThreadCpu();
    const used = (tid: number) => {
      const start = before.get(tid);
      const end = after.get(tid);
      return start === undefined || end === undefined ? undefined : end.ms - start.ms;
    };
    let busiestOtherMs: number | undefined;
    const otherByName = new Map<string, number>();
    for (const [tid, end] of after) {
      if (tid === process.pid || tid === clientTid) continue;
      const ms = end.ms - (before.get(tid)?.ms ?? 0);
      otherByName.set(end.name, (otherByName.get(end.name) ?? 0) + ms);
      if (busiestOtherMs === undefined || ms > busiestOtherMs) busiestOtherMs = ms;
    }
    const mainMs = used(process.pid);
    const clientMs = clientTid === undefined ? undefined : used(clientTid);
    return { mainMs, clientMs, busiestOtherMs, otherMs: processCpuMs() - total0 - (mainMs ?? 0) - (clientMs ?? 0), otherByName };
  };
}
