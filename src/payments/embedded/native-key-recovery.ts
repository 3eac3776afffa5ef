/**
 * Makes viem's `recoverAddress` / `recoverPublicKey` recover keys through libsecp256k1 in this thread.
 *
 * Why: the stock x402 facilitator checks a payer's EIP-3009 signature by calling viem's `recoverAddress`
 * directly (in `verify`, and again in `settle`), with no hook to give it another implementation. viem does
 * that recovery in noble's pure-JavaScript curve arithmetic: 1.2-3.3 ms a recovery depending on the machine,
 * two per paid call, the largest single cost of the payment thread. libsecp256k1 (the prebuilt binding of
 * ../secp256k1.ts) recovers in about 50 µs.
 *
 * How: viem builds a noble `Signature` and calls its `recoverPublicKey(hash)`. We replace that one method on
 * the `Signature` class of the noble copy viem itself imports (viem has its own nested @noble/curves; both its
 * ESM and CommonJS builds are covered). The replacement answers the same `Point` as noble would, from the
 * native recovery, for the only input shape viem gives (a 32-byte hash and a recovery id); any other input,
 * and any input the native library rejects, goes to noble's own method, so errors keep noble's messages.
 * Both compute Q = r⁻¹(sR − hG) with h = the hash as a big-endian integer mod n, and neither requires a low s
 * (the token contract enforces that), so results are identical; a test checks them against the signing keys, the
 * high-s twins and inputs that have no key.
 *
 * The replacement is installed once per thread, by whoever runs the facilitator (createEmbeddedPaymentNetwork).
 * When the binding does not load or noble's shape is not the one expected, nothing is replaced and viem stays
 * pure JavaScript: slower, equally correct.
 */
import { loadNative, type NativeSecp256k1 } from "../secp256k1.js";
import { patchViemDependency } from "./viem-dependency-copies.js";

/** The slice of noble's secp256k1 module that this file touches. */
interface NobleSecp256k1Module {
  secp256k1: {
    Signature: { prototype: { recoverPublicKey(this: NobleSignature, msgHash: unknown): unknown } };
    ProjectivePoint: { fromHex(bytes: Uint8Array): unknown };
  };
}

interface NobleSignature {
  readonly r: bigint;
  readonly s: bigint;
  readonly recovery?: number;
}

export interface NativeKeyRecoveryStatus {
  /** "libsecp256k1" when viem's recoveries in this thread are native; otherwise viem's own noble path. */
  readonly implementation: "libsecp256k1" | "noble";
  /** How many of viem's noble copies (ESM, CommonJS) were given the native method. */
  readonly patchedCopies: number;
  /** Recoveries answered natively so far (a test uses it to show viem's own calls take this path). */
  readonly nativeRecoveries: number;
  /** Of those, the ones answered from the keys recovered lately (the same signature checked again). */
  readonly rememberedRecoveries: number;
}

const PATCHED = Symbol.for("precedent.nativeKeyRecovery");
let nativeRecoveries = 0;
let rememberedRecoveries = 0;
/**
 * Keys recovered lately, by (hash, r, s, recovery id). The facilitator checks each payment's signature at verify
 * and again at settle, a few milliseconds apart: the second check is answered from here (~0.1 ms a paid call:
 * the recovery and noble's point decoding). A recovery is a pure function of that input, and noble's points are
 * immutable values, so the answer is the same object noble would have built again. Cleared wholesale when full.
 */
const recoveredPoints = new Map<string, unknown>();
const REMEMBERED_MAX = 1_024;
let installed: Promise<NativeKeyRecoveryStatus> | undefined;

/** Installs the native recovery into viem's noble copies (idempotent per thread); resolves to what happened. */
export function installNativeKeyRecovery(): Promise<NativeKeyRecoveryStatus> {
  installed ??= install();
  return installed;
}

async function install(): Promise<NativeKeyRecoveryStatus> {
  const native = loadNative();
  // viem's own nested @noble/curves, both builds: their `Signature` classes are the ones viem constructs.
  const patchedCopies = native === undefined ? 0 : await patchViemDependency<NobleSecp256k1Module>("@noble/curves", "secp256k1", (module) => patch(module, native));
  return {
    implementation: patchedCopies > 0 ? "libsecp256k1" : "noble",
    patchedCopies,
    get nativeRecoveries() {
      return nativeRecoveries;
    },
    get rememberedRecoveries() {
      return rememberedRecoveries;
    },
  };
}

function patch(module: NobleSecp256k1Module, native: NativeSecp256k1): boolean {
  const curve = module?.secp256k1;
  const prototype = curve?.Signature?.prototype as (NobleSecp256k1Module["secp256k1"]["Signature"]["prototype"] & { [PATCHED]?: true }) | undefined;
  if (prototype === undefined || typeof prototype.recoverPublicKey !== "function" || typeof curve.ProjectivePoint?.fromHex !== "function") return false;
  if (prototype[PATCHED]) return true;
  const nobleRecover = prototype.recoverPublicKey;
  const Point = curve.ProjectivePoint;
  prototype.recoverPublicKey = function recoverPublicKey(this: NobleSignature, msgHash: unknown): unknown {
    const hash = hashBytes(msgHash);
    const recovery = this.recovery;
    if (hash === undefined || (recovery !== 0 && recovery !== 1 && recovery !== 2 && recovery !== 3)) return nobleRecover.call(this, msgHash);
    const compact = compactSignatureHex(this.r, this.s);
    const key = `${Buffer.from(hash.buffer, hash.byteOffset, 32).toString("hex")}${compact}${recovery}`;
    const known = recoveredPoints.get(key);
    if (known !== undefined) {
      nativeRecoveries++;
      rememberedRecoveries++;
      return known;
    }
    let publicKey: Uint8Array;
    try {
      publicKey = native.ecdsaRecover(Buffer.from(compact, "hex"), recovery, hash, false);
    } catch {
      return nobleRecover.call(this, msgHash); // noble throws its own error for the same input
    }
    nativeRecoveries++;
    const point = Point.fromHex(publicKey);
    if (recoveredPoints.size >= REMEMBERED_MAX) recoveredPoints.clear();
    recoveredPoints.set(key, point);
    return point;
  };
  Object.defineProperty(prototype, PATCHED, { value: true });
  return true;
}

/** The 32 bytes of a hash as viem passes it (64 hex digits without 0x) or as bytes; undefined for anything else. */
function hashBytes(msgHash: unknown): Uint8Array | undefined {
  if (msgHash instanceof Uint8Array) return msgHash.length === 32 ? msgHash : undefined;
  if (typeof msgHash === "string" && /^[0-9a-fA-F]{64}$/.test(msgHash)) return Buffer.from(msgHash, "hex");
  return undefined;
}

/** r ‖ s as 128 hex digits, 64 big-endian bytes (noble's constructor has already checked 1 ≤ r, s < n). */
function compactSignatureHex(r: bigint, s: bigint): string {
  return r.toString(16).padStart(64, "0") + s.toString(16).padStart(64, "0");
}
