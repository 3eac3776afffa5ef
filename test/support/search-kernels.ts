import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { compileWasmKernels, type WasmKernels } from "../../src/core/wasm-kernels.js";
import { REPO_ROOT } from "./shared-paths.js";

export const WASM_FILE = path.join(REPO_ROOT, "build", "search-kernels.wasm");

/**
 * The wasm search kernels as `npm run build` leaves them; built here first when missing (a checkout
 * whose install skipped `prepare`), so the wasm suites never silently test the JS path instead.
 */
export function builtSearchKernels(): WasmKernels {
  if (!fs.existsSync(WASM_FILE)) {
    execFileSync(process.execPath, [path.join(REPO_ROOT, "scripts", "build-wasm.mjs")], { stdio: "inherit" });
  }
  const kernels = compileWasmKernels(fs.readFileSync(WASM_FILE));
  if (kernels === undefined) throw new Error(`${WASM_FILE} does not validate on this runtime (wasm SIMD missing?)`);
  return kernels;
}
