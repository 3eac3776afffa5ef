import { createHash } from "node:crypto";
import { hashMessage, recoverMessageAddress, serializeSignature, type Hex } from "viem";
import { secp256k1 } from "./secp256k1.js";

export interface ResponseSignature {
  /** `sha256=<hex>` of the exact body bytes. */
  hashHeader: string;
  /** 0x-prefixed 65-byte EIP-191 signature over the raw 32-byte digest. */
  signature: Hex;
  signer: string;
}

export interface SignatureCheck {
  valid: boolean;
  recovered: string | null;
  signer: string;
}

/**
 * Signs response bodies: EIP-191 personal_sign over the 32 raw bytes of sha256(body). Domain-separated
 * (it cannot double as a transaction or EIP-712 signature) and checkable by any Ethereum library.
 */
export class ResponseSigner {
  readonly address: string;

  constructor(private readonly privateKey: Hex) {
    this.address = secp256k1.addressOf(privateKey);
  }

  /**
   * Every 200 is signed on the main thread: libsecp256k1 where it loads (./secp256k1.ts), about 15x viem.
   * `sha256` is the body's digest when it was computed with the bytes (a large answer's, on the thread that
   * encoded it); otherwise it is computed here.
   */
  async sign(body: Uint8Array, sha256?: Uint8Array): Promise<ResponseSignature> {
    const digest = sha256 === undefined ? createHash("sha256").update(body).digest() : Buffer.from(sha256.buffer, sha256.byteOffset, sha256.byteLength);
    const signature = serializeSignature(await secp256k1.signHash(hashMessage({ raw: digest }), this.privateKey));
    return { hashHeader: `sha256=${digest.toString("hex")}`, signature, signer: this.address };
  }

  /** Checks a signature against the exact body text a caller received (UTF-8 encoded, as it was on the wire). */
  async verify(bodyText: string, signature: string): Promise<SignatureCheck> {
    const digest = createHash("sha256").update(Buffer.from(bodyText, "utf8")).digest();
    let recovered: string | null = null;
    try {
      recovered =
        secp256k1.recoverSignerFast(hashMessage({ raw: digest }), signature as Hex) ??
        (await recoverMessageAddress({ message: { raw: digest }, signature: signature as Hex }));
    } catch {
      recovered = null;
    }
    const valid = recovered !== null && recovered.toLowerCase() === this.address.toLowerCase();
    return { valid, recovered, signer: this.address };
  }
}
