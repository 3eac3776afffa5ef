/**
 * secp256k1 signing and public-key recovery on the paid-call path, through libsecp256k1 where it loads.
 *
 * Why: viem's curve arithmetic is pure JavaScript (noble): about 0.5 ms a signature and 1.8 ms a key recovery,
 * on the thread that runs it. A paid call signs one settlement transaction and one response body; /verify_signature
 * recovers a signer. (The facilitator's own recoveries of the payer's key happen inside x402's code, which calls
 * viem directly.) The `secp256k1` package ships prebuilt N-API binaries of libsecp256k1 (no compiler needed)
 * that do the same in about 35 µs (sign) and 50 µs (recover).
 *
 * Only the native binding is used (`secp256k1/bindings`), never the package's pure-JS `elliptic` fallback: where
 * the binary does not load, every function here falls back to viem, which gives the same results more slowly.
 * Signatures are identical either way: both sides use RFC 6979 nonces and low-s normalisation.
 */
import { createRequire } from "node:module";
import { getAddress, keccak256, type Address, type Hex, bytesToHex, hexToBytes } from "viem";
import { privateKeyToAddress, sign as viemSign } from "viem/accounts";

export interface NativeSecp256k1 {
  ecdsaSign(message: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recid: number };
  ecdsaRecover(signature: Uint8Array, recid: number, message: Uint8Array, compressed: false): Uint8Array;
  publicKeyCreate(privateKey: Uint8Array, compressed: false): Uint8Array;
}

/** The prebuilt binding, or undefined where it does not load (another platform, a stripped install). */
export function loadNative(): NativeSecp256k1 | undefined {
  try {
    return createRequire(import.meta.url)("secp256k1/bindings") as NativeSecp256k1;
  } catch {
    return undefined;
  }
}

/** The curve order n and n/2: a signature with s above n/2 is the malleable twin of a low-s one. */
const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HALF_CURVE_ORDER = CURVE_ORDER >> 1n;

/** viem's signature shape, so viem's `serializeSignature` makes the 65-byte form (v = 27 + yParity). */
export interface HashSignature {
  r: Hex;
  s: Hex;
  /** 0 or 1 (the recovery id). */
  yParity: 0 | 1;
}

export interface Secp256k1 {
  /** Which implementation signs and recovers (the tests check the native one loads here). */
  readonly implementation: "libsecp256k1" | "viem";
  /** Signs a 32-byte hash (no prefixing): the same output as viem's `sign({ hash, privateKey })`. */
  signHash(hash: Hex, privateKey: Hex): Promise<HashSignature>;
  /**
   * The address whose key made a 65-byte signature over `hash`, or undefined when this fast path cannot say:
   * no native binding, not 65 bytes, an unknown v, a high s (which viem and the token reject), or an invalid
   * signature. Callers then take viem's path, which covers every other case (smart-wallet signatures included).
   */
  recoverSignerFast(hash: Hex, signature: Hex): Address | undefined;
  /**
   * The address of a private key, as viem's `privateKeyToAddress`. The start derives three (the signer, the embedded
   * facilitator, its pay-to): viem's first one builds noble's precomputed table of the curve's base point, ~40 ms of
   * the main thread before listening that nothing after it needs there (this thread signs with libsecp256k1).
   */
  addressOf(privateKey: Hex): Address;
}

/** The implementation over a given binding; `undefined` is viem only (exported so tests cover both). */
export function secp256k1Over(native: NativeSecp256k1 | undefined): Secp256k1 {
  if (native === undefined) {
    return {
      implementation: "viem",
      signHash: async (hash, privateKey) => {
        const signature = await viemSign({ hash, privateKey });
        return { r: signature.r, s: signature.s, yParity: signature.yParity === 1 ? 1 : 0 };
      },
      recoverSignerFast: () => undefined,
      addressOf: (privateKey) => privateKeyToAddress(privateKey),
    };
  }
  return {
    implementation: "libsecp256k1",
    signHash: async (hash, privateKey) => {
      const { signature, recid } = native.ecdsaSign(hexToBytes(hash), hexToBytes(privateKey));
      return { r: bytesToHex(signature.subarray(0, 32)), s: bytesToHex(signature.subarray(32, 64)), yParity: recid === 1 ? 1 : 0 };
    },
    recoverSignerFast: (hash, signature) => {
      if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return undefined;
      const bytes = hexToBytes(signature);
      const v = bytes[64]!;
      const recid = v >= 27 ? v - 27 : v;
      if (recid !== 0 && recid !== 1) return undefined;
      if (BigInt(bytesToHex(bytes.subarray(32, 64))) > HALF_CURVE_ORDER) return undefined;
      try {
        return addressOfPublicKey(native.ecdsaRecover(bytes.subarray(0, 64), recid, hexToBytes(hash), false));
      } catch {
        return undefined;
      }
    },
    addressOf: (privateKey) => addressOfPublicKey(native.publicKeyCreate(hexToBytes(privateKey), false)),
  };
}

/** The address of an uncompressed public key (0x04 || x || y): the last 20 bytes of keccak256(x || y). */
function addressOfPublicKey(publicKey: Uint8Array): Address {
  return getAddress(`0x${keccak256(publicKey.subarray(1)).slice(-40)}`);
}

/** This process's implementation: libsecp256k1 where the prebuilt binding loads, else viem. */
export const secp256k1 = secp256k1Over(loadNative());
