/**
 * Compiles the WebAssembly search kernels (assembly/search-kernels.ts) with AssemblyScript from
 * node_modules into build/search-kernels.wasm, and the Keccak permutation the payment thread uses
 * (assembly/keccak.ts) into build/keccak.wasm. Run by `npm run build` (and so at `npm install` through
 * `prepare`, and before `npm start` when stale); the .wasm files are build outputs, never committed.
 *
 * Without the assemblyscript package (an install that omitted dev dependencies) it warns and exits 0:
 * searches then run on the pure-JS kernels, and hashing on noble's JavaScript: same results, only slower.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const WASM_SOURCE = path.join(root, "assembly", "search-kernels.ts");
export const WASM_OUTPUT = path.join(root, "build", "search-kernels.wasm");
export const KECCAK_SOURCE = path.join(root, "assembly", "keccak.ts");
export const KECCAK_OUTPUT = path.join(root, "build", "keccak.wasm");
/** The permutation owns its memory and needs no SIMD. */
const KECCAK_FLAGS = ["--optimizeLevel", "3", "--shrinkLevel", "0", "--runtime", "stub", "--noAssert"];

/** The compiler flags (here only, so every build of the kernels is the same). */
export const ASC_FLAGS = ["--optimizeLevel", "3", "--shrinkLevel", "0", "--runtime", "stub", "--enable", "simd", "--importMemory", "--noAssert"];

export async function buildWasm(outFile = WASM_OUTPUT) {
  return compile(WASM_SOURCE, outFile, ASC_FLAGS);
}

export async function buildKeccakWasm(outFile = KECCAK_OUTPUT) {
  return compile(KECCAK_SOURCE, outFile, KECCAK_FLAGS);
}

async function compile(source, outFile, flags) {
  let asc;
  try {
    asc = (await import("assemblyscript/asc")).default;
  } catch {
    console.warn(`build-wasm: assemblyscript is not installed; no ${path.basename(outFile)} (the pure-JS path will be used)`);
    return false;
  }
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  // Written aside, then renamed: test files that build on demand may run this concurrently, and a reader
  // must never see a half-written module.
  const partial = `${outFile}.${process.pid}.partial`;
  const { error, stderr } = await asc.main([source, "--outFile", partial, ...flags]);
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
  if (await buildKeccakWasm()) console.log(`build-wasm: wrote ${path.relative(root, KECCAK_OUTPUT)}`);
}
