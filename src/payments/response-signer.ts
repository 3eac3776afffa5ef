import { createHash } from "node:crypto";
import { recoverMessageAddress, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

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
  private readonly account;

  constructor(privateKey: Hex) {
    this.account = privateKeyToAccount(privateKey);
  }

  get address(): string {
    return this.account.address;
  }

  async sign(body: Uint8Array): Promise<ResponseSignature> {
    const digest = createHash("sha256").update(body).digest();
    const signature = await this.account.signMessage({ message: { raw: digest } });
    return { hashHeader: `sha256=${digest.toString("hex")}`, signature, signer: this.account.address };
  }

  /** Checks a signature against the exact body text a caller received (UTF-8 encoded, as it was on the wire). */
  async verify(bodyText: string, signature: string): Promise<SignatureCheck> {
    const digest = createHash("sha256").update(Buffer.from(bodyText, "utf8")).digest();
    let recovered: string | null = null;
    try {
      recovered = await recoverMessageAddress({ message: { raw: digest }, signature: signature as Hex });
    } catch {
      recovered = null;
    }
    const valid = recovered !== null && recovered.toLowerCase() === this.account.address.toLowerCase();
    return { valid, recovered, signer: this.account.address };
  }
}
