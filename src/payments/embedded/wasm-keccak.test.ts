import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { keccakP } from "@noble/hashes/sha3";
import { keccak256, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import { mulberry32 } from "../../../test/support/seeded-rng.js";
import { REPO_ROOT } from "../../../test/support/shared-paths.js";
import { createEmbeddedPaymentNetwork } from "./embedded-facilitator.js";
import { rehearsalPayment } from "./settlement-rehearsal.js";
import { installWasmKeccak, loadPermutation, type WasmKeccakStatus } from "./wasm-keccak.js";

describe("the Keccak permutation in WebAssembly", () => {
  let status: WasmKeccakStatus;
  beforeAll(async () => {
    // As `npm install` leaves it; built here first when missing, so this suite never silently tests noble's path.
    if (!fs.existsSync(path.join(REPO_ROOT, "build", "keccak.wasm"))) {
      execFileSync(process.execPath, [path.join(REPO_ROOT, "scripts", "build-wasm.mjs")], { stdio: "inherit" });
    }
    status = await installWasmKeccak();
  });

  it("is installed into viem's noble copies (ESM and CommonJS)", () => {
    expect(status.implementation).toBe("wasm");
    expect(status.patchedCopies).toBe(2);
  });

  it("permutes a state to the same bytes as noble's keccakP", () => {
    const permutation = loadPermutation()!;
    const uniform = mulberry32(1600);
    for (let trial = 0; trial < 500; trial++) {
      const state = Uint8Array.from({ length: 200 }, () => Math.floor(uniform() * 256));
      const expected = state.slice();
      keccakP(new Uint32Array(expected.buffer), 24);
      permutation.state.set(state);
      permutation.permute();
      expect(Array.from(permutation.state)).toEqual(Array.from(expected));
    }
  });

  it("gives viem's keccak256 its known answers, across block boundaries, through the wasm permutation", () => {
    const before = status.wasmPermutations;
    expect(keccak256(new Uint8Array(0))).toBe("0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
    expect(keccak256(toHex("abc"))).toBe("0x4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45");
    // 135, 136 and 137 bytes straddle the 136-byte rate; 1,000 bytes takes several blocks.
    const hashes = [135, 136, 137, 1000].map((length) => keccak256(new Uint8Array(length).fill(0x61)));
    expect(hashes[0]).toBe("0x34367dc248bbd832f4e3e69dfaac2f92638bd0bbd18f2912ba4ef454919cf446");
    expect(new Set(hashes).size).toBe(4);
    expect(status.wasmPermutations - before).toBeGreaterThanOrEqual(2 + 1 + 2 + 2 + 8);
  });

  it("carries the stock facilitator's verify, whose typed-data hashing and checksums run through it", async () => {
    const network = await createEmbeddedPaymentNetwork();
    try {
      const payer = privateKeyToAccount(generatePrivateKey());
      await network.mintUsdc(payer.address, 5n);
      const { payload, requirements } = await rehearsalPayment(payer, 2n);
      const before = status.wasmPermutations;
      expect((await network.facilitator.verify(payload, requirements)).isValid).toBe(true);
      expect(status.wasmPermutations - before).toBeGreaterThan(5);
    } finally {
      await network.close();
    }
  });
});
