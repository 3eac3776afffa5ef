import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { verifyTypedDataSignature, type FacilitatorEvmSigner } from "@x402/evm";
import { bytesToHex, recoverAddress, recoverPublicKey, serializeSignature, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, sign } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import { installNativeKeyRecovery, type NativeKeyRecoveryStatus } from "./native-key-recovery.js";

const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const randomHash = (): Hex => bytesToHex(randomBytes(32));
/** The part of viem's noble copy the error test calls directly. */
interface NobleCurve {
  Signature: new (r: bigint, s: bigint) => { addRecoveryBit(recovery: number): { recoverPublicKey(hash: string): unknown } };
}
const hex32 = (value: bigint): Hex => `0x${value.toString(16).padStart(64, "0")}`;

/** viem's answer through whatever recovery is installed in this thread, or its error message. */
async function viemRecovery(hash: Hex, r: bigint, s: bigint, recovery: number): Promise<string> {
  try {
    return await recoverPublicKey({ hash, signature: { r: hex32(r), s: hex32(s), yParity: recovery } });
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

describe("native key recovery inside viem (what x402's facilitator calls)", () => {
  let status: NativeKeyRecoveryStatus;
  beforeAll(async () => {
    status = await installNativeKeyRecovery();
  });

  it("is installed into both of viem's noble copies (ESM and CommonJS), once however often it is asked", async () => {
    expect(status.implementation).toBe("libsecp256k1");
    expect(status.patchedCopies).toBe(2);
    expect(await installNativeKeyRecovery()).toBe(status);
  });

  it("recovers the signing key for random keys and hashes, from the low-s signature and from its high-s twin", async () => {
    for (let i = 0; i < 25; i++) {
      const privateKey = generatePrivateKey();
      const hash = randomHash();
      const signature = await sign({ hash, privateKey });
      const r = BigInt(signature.r);
      const s = BigInt(signature.s);
      const recovery = signature.yParity ?? 0;
      const expected = privateKeyToAccount(privateKey).publicKey;
      expect(await viemRecovery(hash, r, s, recovery)).toBe(expected);
      // (r, n − s) with the other recovery id is the same key: noble accepts it, so must we.
      expect(await viemRecovery(hash, r, CURVE_ORDER - s, 1 - recovery)).toBe(expected);
      expect(await recoverAddress({ hash, signature: serializeSignature(signature) })).toBe(privateKeyToAccount(privateKey).address);
    }
  });

  it("answers a signature checked again from the key recovered the first time, and only that signature", async () => {
    const privateKey = generatePrivateKey();
    const expected = privateKeyToAccount(privateKey).publicKey;
    const hash = randomHash();
    const signature = await sign({ hash, privateKey });
    const [r, s, recovery] = [BigInt(signature.r), BigInt(signature.s), signature.yParity ?? 0];
    const remembered = () => status.rememberedRecoveries;
    const start = remembered();
    expect(await viemRecovery(hash, r, s, recovery)).toBe(expected);
    expect(remembered()).toBe(start);
    expect(await viemRecovery(hash, r, s, recovery)).toBe(expected);
    expect(remembered()).toBe(start + 1);
    // Another hash, the other recovery id or the high-s twin is another input: recovered afresh, never confused.
    const otherHash = randomHash();
    expect(await viemRecovery(otherHash, r, s, recovery)).not.toBe(expected);
    expect(await viemRecovery(hash, r, s, 1 - recovery)).not.toBe(expected);
    expect(await viemRecovery(hash, r, CURVE_ORDER - s, 1 - recovery)).toBe(expected);
    expect(remembered()).toBe(start + 1);
  });

  it("throws noble's own errors where there is no key: r off the curve, recovery ids 2 and 3 out of range", async () => {
    const hash = randomHash();
    // x = 5 has no point on y² = x³ + 7 (125 + 7 = 132 is not a square mod p), so no R exists for r = 5.
    // The error is noble's (libsecp256k1's binding would say "Public key could not be recover").
    for (const recovery of [0, 1]) expect(await viemRecovery(hash, 5n, 7n, recovery)).toMatch(/^error: .*not on curve/);
    // viem itself refuses recovery ids 2 and 3, so ask its noble copy directly: r + n is past p for almost every r.
    const viemNoble = (createRequire(createRequire(import.meta.url).resolve("viem"))("@noble/curves/secp256k1") as { secp256k1: NobleCurve }).secp256k1;
    for (const recovery of [2, 3]) {
      const r = BigInt(randomHash()) % CURVE_ORDER;
      expect(() => new viemNoble.Signature(r, 11n).addRecoveryBit(recovery).recoverPublicKey(hash.slice(2))).toThrow(/recovery id/);
    }
  });

  it("is the path the stock x402 signature check takes: it counts x402's recoveries and agrees with them", async () => {
    const payer = privateKeyToAccount(generatePrivateKey());
    const typedData = {
      domain: { name: "USD Coin", version: "2", chainId: 8453, verifyingContract: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" as const },
      types: { Ping: [{ name: "nonce", type: "uint256" }] },
      primaryType: "Ping" as const,
      message: { nonce: 42n },
    };
    const signature = await payer.signTypedData(typedData);
    // An externally owned payer: x402 asks for code, finds none and recovers the key (ECDSA).
    const signer = { getCode: async () => "0x" } as unknown as FacilitatorEvmSigner;
    const before = status.nativeRecoveries;
    const rememberedBefore = status.rememberedRecoveries;
    expect(await verifyTypedDataSignature(signer, { address: payer.address, ...typedData, signature })).toBe(true);
    const other = privateKeyToAccount(generatePrivateKey()).address;
    expect(await verifyTypedDataSignature(signer, { address: other, ...typedData, signature })).toBe(false);
    expect(status.nativeRecoveries - before).toBe(2);
    // The second check of the same signature (as at settle) is answered from the keys recovered lately.
    expect(status.rememberedRecoveries - rememberedBefore).toBe(1);
  });
});
