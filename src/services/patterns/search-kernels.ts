/**
 * Loads the WebAssembly search kernels that `npm run build` compiles (build/search-kernels.wasm) into
 * src/core's search, for this thread. The path is relative to this file, and the built output mirrors the
 * repository (dist/src/..., dist/build/...), so it resolves the same from source and from dist.
 * A missing file or a runtime without wasm SIMD leaves the pure-JS kernels in place: same results, slower.
 */
import fs from "node:fs";
import { compileWasmKernels, useWasmKernels } from "../../core/wasm-kernels.js";

const WASM_FILE = new URL("../../../build/search-kernels.wasm", import.meta.url);

export type SearchKernelKind = "wasm-simd" | "js";

let loaded: SearchKernelKind | undefined;

/** Installs the wasm kernels once per thread; returns which kernels searches use. */
export function loadSearchKernels(): SearchKernelKind {
  if (loaded !== undefined) return loaded;
  let bytes: Uint8Array | undefined;
  try {
    bytes = fs.readFileSync(WASM_FILE);
  } catch {
    bytes = undefined;
  }
  const kernels = bytes === undefined ? undefined : compileWasmKernels(bytes);
  useWasmKernels(kernels);
  loaded = kernels === undefined ? "js" : "wasm-simd";
  return loaded;
}
