import type { File } from "@vitest/runner";
import type { Reporter } from "vitest/reporters";

const SHOWN = 10;

/** A file's own time: collecting it (its imports) and running its tests and hooks. */
const fileMs = (file: File): number => (file.collectDuration ?? 0) + (file.result?.duration ?? 0);

/**
 * Ends a run with its wall time and the slowest files, so a suite that grows slower says where at once.
 * (Files of one process share imported modules, so the first file to import the service carries its import.)
 */
export default class SlowestFilesReporter implements Reporter {
  private startedMs = performance.now();

  onInit(): void {
    this.startedMs = performance.now();
  }

  onFinished(files: File[] = []): void {
    const wallS = (performance.now() - this.startedMs) / 1000;
    const slowest = [...files].sort((a, b) => fileMs(b) - fileMs(a)).slice(0, SHOWN);
    const lines = slowest.map((file) => `   ${(fileMs(file) / 1000).toFixed(1).padStart(6)} s  ${file.projectName ? `[${file.projectName}] ` : ""}${file.name}`);
    process.stdout.write(`\n Wall time ${wallS.toFixed(0)} s for ${files.length} files; the slowest:\n${lines.join("\n")}\n\n`);
  }
}
