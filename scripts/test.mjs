/**
 * `npm test`: the fast test tier (vitest project `fast`) and, beside it rather than before it, the static checks
 * (`npm run typecheck`: the service and the page; `npm run lint`: the layering rules and the environment-read
 * check). The checks are one core's work for about 45 s; run first they added that to every run, run beside the
 * tests they fill the time the test processes leave a core idle. A failing check's output is printed as soon as
 * it ends; the run ends with each check's result and the wall time of the whole, and fails if anything failed.
 *
 *   npm test                          everything
 *   npm test -- test/patterns         arguments after -- go to vitest (the checks still run)
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);

// The package's own scripts, so each check is defined once (package.json).
const CHECKS = [
  { name: "type check (npm run typecheck)", command: "npm", args: ["run", "-s", "typecheck"] },
  { name: "layering lint and environment reads (npm run lint)", command: "npm", args: ["run", "-s", "lint"] },
];

const startedMs = performance.now();
const seconds = (fromMs) => ((performance.now() - fromMs) / 1000).toFixed(0);

/** Runs `command`, its output captured; resolves with its exit code and output. */
function captured(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** The checks one after another (one core), each reported as it ends; resolves with the names that failed. */
async function runChecks() {
  const failed = [];
  const reports = [];
  for (const check of CHECKS) {
    const checkStartedMs = performance.now();
    const { code, output } = await captured(check.command, check.args);
    const line = `${check.name}: ${code === 0 ? "passed" : "FAILED"} in ${seconds(checkStartedMs)} s`;
    if (code !== 0) {
      failed.push(check.name);
      // At once: a type error should not wait for the tests to be seen.
      process.stderr.write(`\n${line}\n${output}\n`);
    }
    reports.push(line);
  }
  return { failed, reports };
}

function runTests(extraArgs) {
  return new Promise((resolve) => {
    const child = spawn(bin("vitest"), ["run", "--project", "fast", ...extraArgs], { cwd: root, stdio: "inherit" });
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code ?? 1));
  });
}

const [checks, testsCode] = await Promise.all([runChecks(), runTests(process.argv.slice(2))]);
process.stdout.write(`\n${checks.reports.map((line) => ` ${line}`).join("\n")}\n`);
const failures = [...checks.failed, ...(testsCode === 0 ? [] : ["tests"])];
process.stdout.write(
  ` npm test: ${failures.length === 0 ? "passed" : `FAILED (${failures.join(", ")})`} in ${seconds(startedMs)} s of wall time\n`,
);
process.exit(failures.length === 0 ? 0 : 1);
