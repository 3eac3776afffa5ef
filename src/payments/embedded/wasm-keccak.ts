/**
 * Makes noble's Keccak permutation run in WebAssembly in this thread, for every keccak-256 viem computes.
 *
 * Why: viem hashes with noble's keccak-256 in pure JavaScript (EIP-712 typed data, address checksums, transaction
 * and event-log hashes), dozens of times per paid call; in the payment thread's profile that was ~0.29 ms per paid
 * call. noble's permutation works on 32-bit halves of the 64-bit lanes: ~6 µs, against ~1.6 µs for Keccak-f[1600] in
 * WebAssembly on 64-bit lanes (assembly/keccak.ts, built into build/keccak.wasm), copies of the state included.
 *
 * How: viem's keccak-256 is a noble `Keccak` sponge whose `keccak()` method runs the permutation on `this.state`
 * (200 bytes). We replace that one method on the `Keccak` class of the @noble/hashes copies viem loads (ESM and
 * CommonJS): the sponge (absorbing, padding, squeezing) stays noble's, and only the permutation moves, for the
 * standard 24 rounds; anything else (a reduced-round variant, a big-endian host) goes to noble's own method. The
 * permutation gives the same bytes as noble's (a test checks random states and whole hashes).
 *
 * Installed once per thread by the payment network (createEmbeddedPaymentNetwork). Without the .wasm (an install
 * without the build) or with another noble shape, nothing is replaced and viem stays pure JavaScript.
 */
import fs from "node:fs";
import { patchViemDependency } from "./viem-dependency-copies.js";

const WASM_FILE = new URL("../../../build/keccak.wasm", import.meta.url);
/** The runtime's WebAssembly API (the project's TypeScript settings carry no DOM types for it). */
const wasm = (globalThis as unknown as {
  WebAssembly: { Module: new (bytes: Uint8Array) => object; Instance: new (module: object, imports: object) => { readonly exports: object } };
}).WebAssembly;
const STATE_BYTES = 200;
const STANDARD_ROUNDS = 24;
const PATCHED = Symbol.for("precedent.wasmKeccak");

/** The slice of noble's sha3 module that this file touches. */
interface NobleSha3Module {
  Keccak: { prototype: { keccak(this: NobleKeccak): void } };
}

interface NobleKeccak {
  state: Uint8Array;
  rounds: number;
  pos: number;
  posOut: number;
}

export interface WasmKeccakStatus {
  /** "wasm" when viem's keccak permutations in this thread run in WebAssembly; otherwise noble's JavaScript. */
  readonly implementation: "wasm" | "noble";
  /** How many of viem's noble copies (ESM, CommonJS) were given the wasm permutation. */
  readonly patchedCopies: number;
  /** Permutations run in WebAssembly so far (a test uses it to show viem's own hashing takes this path). */
  readonly wasmPermutations: number;
}

let wasmPermutations = 0;
let installed: Promise<WasmKeccakStatus> | undefined;

/** Installs the wasm permutation into viem's noble copies (idempotent per thread); resolves to what happened. */
export function installWasmKeccak(): Promise<WasmKeccakStatus> {
  installed ??= install();
  return installed;
}

async function install(): Promise<WasmKeccakStatus> {
  const permutation = loadPermutation();
  const patchedCopies = permutation === undefined ? 0 : await patchViemDependency<NobleSha3Module>("@noble/hashes", "sha3", (module) => patch(module, permutation));
  return {
    implementation: patchedCopies > 0 ? "wasm" : "noble",
    patchedCopies,
    get wasmPermutations() {
      return wasmPermutations;
    },
  };
}

interface Permutation {
  /** The wasm module's state: the 200 bytes the permutation works on in place. */
  state: Uint8Array;
  permute(): void;
}

/** The permutation from build/keccak.wasm, or undefined without the file (or on a big-endian host). */
export function loadPermutation(): Permutation | undefined {
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) return undefined; // lanes are little-endian bytes
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(WASM_FILE);
  } catch {
    return undefined;
  }
  const instance = new wasm.Instance(new wasm.Module(bytes), {});
  const { memory, permute } = instance.exports as { memory: { buffer: ArrayBuffer }; permute: () => void };
  return { state: new Uint8Array(memory.buffer, 0, STATE_BYTES), permute };
}

function patch(module: NobleSha3Module, permutation: Permutation): boolean {
  const prototype = module?.Keccak?.prototype as (NobleSha3Module["Keccak"]["prototype"] & { [PATCHED]?: true }) | undefined;
  if (prototype === undefined || typeof prototype.keccak !== "function") return false;
  if (prototype[PATCHED]) return true;
  const nobleKeccak = prototype.keccak;
  prototype.keccak = function keccak(this: NobleKeccak): void {
    if (this.rounds !== STANDARD_ROUNDS || !(this.state instanceof Uint8Array) || this.state.length !== STATE_BYTES) return nobleKeccak.call(this);
    permutation.state.set(this.state);
    permutation.permute();
    this.state.set(permutation.state);
    wasmPermutations++;
    this.posOut = 0;
    this.pos = 0;
  };
  Object.defineProperty(prototype, PATCHED, { value: true });
  return true;
}
