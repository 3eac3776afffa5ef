/**
 * The documented examples recorded from real runs (scripts/examples/example-registry.ts lists them, and why the
 * others are not): each operation is called with its example's params on the deployment the example was
 * recorded on (the real service in process, paid for like a client), and its JSON beside the contract is
 *
 *   npm run examples [-- --write]   rewritten where the answer changed (the default)
 *   npm run examples -- --check     compared: exits 1 listing every difference, operation and field
 *
 * A new example starts as a file `{ "params": {...}, "response": {} }`, imported by its contract, and an entry in the
 * registry; --write fills in the response. Needs ../shared (the daily dataset and recordings).
 */
import "../test/support/no-network.js";
import { SHARED_MISSING_REASON, SHARED_PRESENT } from "../test/support/shared-paths.js";
import { runExamples } from "./examples/run-examples.js";

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== "--write" && arg !== "--check");
if (unknown.length > 0 || args.length > 1) {
  console.error("usage: npm run examples [-- --write | --check]");
  process.exit(2);
}
if (!SHARED_PRESENT) {
  console.error(SHARED_MISSING_REASON);
  process.exit(2);
}
const mode = args[0] === "--check" ? "check" : "write";
const report = await runExamples(mode);
for (const line of report.notGenerated) console.log(line);
for (const file of report.written) console.log(`written: ${file}`);
for (const problem of report.problems) console.log(`DIFFERENT ${problem}`);
console.log(
  report.problems.length === 0
    ? `examples: every generated example is what the service answers${mode === "write" ? ` (${report.written.length} file(s) rewritten)` : ""}`
    : `examples: ${report.problems.length} difference(s)`,
);
process.exit(report.problems.length === 0 ? 0 : 1);
