/**
 * Compiles the WebAssembly search kernels (assembly/search-kernels.ts) with AssemblyScript from
 * node_modules into build/search-kernels.wasm. Run by `npm run build` (and so at `npm install` through
 * `prepare`, and before `npm start` when stale); the .wasm is a build output, never committed.
 *
 * Without the assemblyscript package (an install that omitted dev dependencies) it warns and exits 0:
 * searches then run on the pure-JS kernels, which give the same results, only slower.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const WASM_SOURCE = path.join(root, "assembly", "search-kernels.ts");
export const WASM_OUTPUT = path.join(root, "build", "search-kernels.wasm");

/** The compiler flags (here only, so every build of the kernels is the same). */
export const ASC_FLAGS = ["--optimizeLevel", "3", "--shrinkLevel", "0", "--runtime", "stub", "--enable", "simd", "--importMemory", "--noAssert"];

export async function buildWasm(outFile = WASM_OUTPUT) {
  let asc;
  try {
    asc = (await import("assemblyscript/asc")).default;
  } catch {
    console.warn("build-wasm: assemblyscript is not installed; searches will use the pure-JS kernels");
    return false;
  }
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  // Written aside, then renamed: test files that build on demand may run this concurrently, and a reader
  // must never see a half-written module.
  const partial = `${outFile}.${process.pid}.partial`;
  const { error, stderr } = await asc.main([WASM_SOURCE, "--outFile", partial, ...ASC_FLAGS]);
  if (error) {
    console.error(stderr.toString());
    fs.rmSync(partial, { force: true });
    throw new Error(`build-wasm: ${error.message}`);
  }
  fs.renameSync(partial, outFile);
  return true;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (await buildWasm()) console.log(`build-wasm: wrote ${path.relative(root, WASM_OUTPUT)}`);
}
