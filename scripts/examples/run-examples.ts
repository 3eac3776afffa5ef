import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "../../test/support/shared-paths.js";
import { differences, reconcile, type Difference } from "./compare-answer.js";
import { DEPLOYMENTS, type Deployment, type DeploymentName, type ExampleParams } from "./example-deployments.js";
import { GENERATED_EXAMPLES, UNGENERATED_EXAMPLES, type GeneratedExample } from "./example-registry.js";

export interface ExampleFile {
  params: ExampleParams;
  response: unknown;
}

export interface ExamplesReport {
  /** One line per difference or failure: `operation: field: documented X, answered Y`. Empty when every example holds. */
  problems: string[];
  /** Files rewritten (--write only). */
  written: string[];
  /** `not generated: <reason>` followed by the operations it applies to and where their examples are, one per reason. */
  notGenerated: string[];
}

export function readExampleFile(file: string): ExampleFile {
  return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, file), "utf8")) as ExampleFile;
}

/** Two-space JSON with a final newline, as `--write` leaves every file. */
export const exampleText = (example: ExampleFile) => `${JSON.stringify(example, null, 2)}\n`;

const show = (value: unknown) => {
  const text = value === undefined ? "(absent)" : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};
const describeDifference = (operation: string, d: Difference) =>
  `${operation}: response${d.path === "" ? "" : `.${d.path}`}: documented ${show(d.documented)}, answered ${show(d.answered)}`;

function notGeneratedLines(): string[] {
  const byReason = new Map<string, string[]>();
  for (const e of UNGENERATED_EXAMPLES) byReason.set(e.reason, [...(byReason.get(e.reason) ?? []), `  ${e.operations.join(", ")}: ${e.file ?? "in the contract"}`]);
  return [...byReason].map(([reason, where]) => [`not generated: ${reason}`, ...where].join("\n"));
}

/** Starts each deployment once, on first use, and closes them all at the end. */
function deploymentPool() {
  const started = new Map<DeploymentName, Promise<Deployment>>();
  return {
    get: (name: DeploymentName) => started.get(name) ?? started.set(name, DEPLOYMENTS[name]()).get(name)!,
    close: async () => {
      // One that failed to start has nothing to close (its calls reported the failure).
      for (const deployment of started.values()) await (await deployment.catch(() => undefined))?.close();
    },
  };
}

async function runOne(entry: GeneratedExample, deployments: ReturnType<typeof deploymentPool>, write: boolean, report: ExamplesReport): Promise<void> {
  const example = readExampleFile(entry.file);
  let answerToWrite: unknown;
  let failed = false;
  for (const operation of entry.operations) {
    const { status, body } = await (await deployments.get(entry.deployment)).call(operation, example.params).catch((error: Error) => ({ status: 0, body: error.message }));
    if (status !== 200) {
      report.problems.push(`${operation}: answered ${status === 0 ? "by throwing" : status}: ${show(body)}`);
      failed = true;
      continue;
    }
    // Writing, the first operation's answer is the new example and the others must answer the same.
    if (!write || answerToWrite !== undefined) {
      const documented = write ? answerToWrite : example.response;
      report.problems.push(...differences(documented, body, entry.volatile).map((d) => describeDifference(operation, d)));
    }
    answerToWrite ??= body;
  }
  if (!write || failed) return;
  const text = exampleText({ params: example.params, response: reconcile(example.response, answerToWrite, entry.volatile) });
  if (text === fs.readFileSync(path.join(REPO_ROOT, entry.file), "utf8")) return;
  fs.writeFileSync(path.join(REPO_ROOT, entry.file), text);
  report.written.push(entry.file);
}

/**
 * Calls every generated example's operations with its params on the deployment it was recorded on. `check`: lists
 * each difference from the documented response. `write`: rewrites the files whose answer changed (an operation
 * that fails is listed, and its file left alone).
 */
export async function runExamples(mode: "check" | "write"): Promise<ExamplesReport> {
  const report: ExamplesReport = {
    problems: [],
    written: [],
    notGenerated: notGeneratedLines(),
  };
  const deployments = deploymentPool();
  try {
    for (const entry of GENERATED_EXAMPLES) await runOne(entry, deployments, mode === "write", report);
  } finally {
    await deployments.close();
  }
  return report;
}

/** The check the tests run: every generated example is what the service answers now. */
export const checkExamples = () => runExamples("check");
