import { randomBytes } from "node:crypto";
import { bytesToHex, hashMessage, keccak256, serializeSignature, parseTransaction, recoverAddress, recoverTransactionAddress, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, sign } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { withNativeTransactionSigning } from "./embedded/native-transaction-signing.js";
import { ResponseSigner } from "./response-signer.js";
import { loadNative, secp256k1, secp256k1Over } from "./secp256k1.js";

const randomHash = (): Hex => bytesToHex(randomBytes(32));
const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

describe("secp256k1 (libsecp256k1 with viem's results)", () => {
  it("loads the prebuilt native binding on this platform", () => {
    expect(loadNative()).toBeDefined();
    expect(secp256k1.implementation).toBe("libsecp256k1");
  });

  it.each([
    ["libsecp256k1", secp256k1Over(loadNative())],
    ["viem fallback", secp256k1Over(undefined)],
  ])("%s signs exactly as viem does (RFC 6979, low s)", async (_name, implementation) => {
    for (let i = 0; i < 20; i++) {
      const privateKey = generatePrivateKey();
      const hash = randomHash();
      const ours = await implementation.signHash(hash, privateKey);
      const theirs = await sign({ hash, privateKey });
      expect(ours.r).toBe(theirs.r);
      expect(ours.s).toBe(theirs.s);
      expect(ours.yParity).toBe(theirs.yParity);
      expect(await recoverAddress({ hash, signature: serializeSignature(ours) })).toBe(privateKeyToAccount(privateKey).address);
    }
  });

  it.each([
    ["libsecp256k1", secp256k1Over(loadNative())],
    ["viem fallback", secp256k1Over(undefined)],
  ])("%s derives a key's address as viem does", (_name, implementation) => {
    for (let i = 0; i < 20; i++) {
      const privateKey = generatePrivateKey();
      expect(implementation.addressOf(privateKey)).toBe(privateKeyToAccount(privateKey).address);
    }
  });

  it("recovers the signer as viem does, with v as 27/28 or 0/1", async () => {
    for (let i = 0; i < 20; i++) {
      const privateKey = generatePrivateKey();
      const hash = randomHash();
      const signature = serializeSignature(await secp256k1.signHash(hash, privateKey));
      const expected = await recoverAddress({ hash, signature });
      expect(secp256k1.recoverSignerFast(hash, signature)).toBe(expected);
      const zeroBasedV = `${signature.slice(0, -2)}0${Number.parseInt(signature.slice(-2), 16) - 27}` as Hex;
      expect(secp256k1.recoverSignerFast(hash, zeroBasedV)).toBe(expected);
    }
  });

  it("leaves high-s, malformed and wrong-length signatures to viem's path", async () => {
    const privateKey = generatePrivateKey();
    const hash = randomHash();
    const low = await secp256k1.signHash(hash, privateKey);
    const highS = `0x${(CURVE_ORDER - BigInt(low.s)).toString(16).padStart(64, "0")}` as Hex;
    const flippedParity = low.yParity === 0 ? 1 : 0;
    expect(secp256k1.recoverSignerFast(hash, serializeSignature({ ...low, s: highS, yParity: flippedParity }))).toBeUndefined();
    expect(secp256k1.recoverSignerFast(hash, serializeSignature(low).slice(0, -2) as Hex)).toBeUndefined();
    expect(secp256k1.recoverSignerFast(hash, `${serializeSignature(low).slice(0, -2)}1f` as Hex)).toBeUndefined();
    expect(secp256k1.recoverSignerFast(hash, `0x${"00".repeat(65)}` as Hex)).toBeUndefined();
    expect(secp256k1Over(undefined).recoverSignerFast(hash, serializeSignature(low))).toBeUndefined();
  });

  it("signs response bodies exactly as viem's personal_sign over the digest, and verifies them", async () => {
    const privateKey = generatePrivateKey();
    const signer = new ResponseSigner(privateKey);
    const body = new TextEncoder().encode('{"ticker":"AAPL","close":231.5}');
    const signed = await signer.sign(body);
    const digest = Buffer.from(signed.hashHeader.slice("sha256=".length), "hex");
    expect(signed.signature).toBe(await privateKeyToAccount(privateKey).signMessage({ message: { raw: digest } }));
    expect(signed.signer).toBe(privateKeyToAccount(privateKey).address);
    expect(await signer.verify('{"ticker":"AAPL","close":231.5}', signed.signature)).toMatchObject({ valid: true, recovered: signer.address });
    expect((await signer.verify('{"ticker":"AAPL","close":231.6}', signed.signature)).valid).toBe(false);
    expect(hashMessage({ raw: digest })).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("signs transactions exactly as viem's account does", async () => {
    const privateKey = generatePrivateKey();
    const account = privateKeyToAccount(privateKey);
    const fast = withNativeTransactionSigning(account, privateKey);
    const transaction = {
      chainId: 8453,
      type: "eip1559",
      nonce: 7,
      to: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      data: keccak256("0x01"),
      gas: 90_000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000n,
      value: 0n,
    } as const;
    const ours = await fast.signTransaction(transaction);
    expect(ours).toBe(await account.signTransaction(transaction));
    expect(parseTransaction(ours).nonce).toBe(7);
    expect(await recoverTransactionAddress({ serializedTransaction: ours as never })).toBe(account.address);
  });
});
