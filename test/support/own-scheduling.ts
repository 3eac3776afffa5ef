import fs from "node:fs";

/** The calling thread's nice value and scheduling policy (fields 19 and 41 of /proc/thread-self/stat). */
export function ownScheduling(): { nice: number; policy: number } {
  const text = fs.readFileSync("/proc/thread-self/stat", "utf8");
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { nice: Number(fields[16]), policy: Number(fields[38]) };
}
