/**
 * The committed src/payments/embedded/contract-artifacts.json must be exactly what `npm run compile:token`
 * produces from chain/*.sol today. solc-js takes a few seconds; that is the price of never compiling
 * at runtime.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { ARTIFACTS_PATH, compileTestContracts, serializeArtifacts } from "../../../scripts/compile-test-token.js";

describe("contract-artifacts.json", () => {
  it("equals a fresh solc compile of chain/TestUSDC.sol and chain/MiniMulticall.sol", async () => {
    const fresh = serializeArtifacts(await compileTestContracts());
    const committed = await readFile(ARTIFACTS_PATH, "utf8");
    // On failure: run `npm run compile:token` and commit the JSON.
    expect(committed).toBe(fresh);
  }, 60_000);
});
