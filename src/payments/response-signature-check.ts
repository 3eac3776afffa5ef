import { createHash } from "node:crypto";
import { recoverMessageAddress, type Hex } from "viem";

export type ResponseSignatureCheck =
  | { status: "valid"; signer: string }
  | { status: "unsigned"; reason: string }
  | { status: "invalid"; signer: string | null; reason: string };

/**
 * The client side of ResponseSigner: checks X-Response-Hash against the exact body bytes received and that
 * X-Response-Signature recovers to X-Signer. Only 200 responses are signed, so errors come back "unsigned".
 */
export async function checkResponseSignature(body: Uint8Array, headers: Headers): Promise<ResponseSignatureCheck> {
  const signature = headers.get("x-response-signature");
  const signer = headers.get("x-signer");
  if (signature === null || signer === null) return { status: "unsigned", reason: "only 200 responses are signed" };
  const digest = createHash("sha256").update(body).digest();
  if (headers.get("x-response-hash") !== `sha256=${digest.toString("hex")}`) {
    return { status: "invalid", signer, reason: "X-Response-Hash does not match the body" };
  }
  let recovered: string;
  try {
    recovered = await recoverMessageAddress({ message: { raw: digest }, signature: signature as Hex });
  } catch {
    return { status: "invalid", signer, reason: "X-Response-Signature is not a recoverable signature" };
  }
  return recovered.toLowerCase() === signer.toLowerCase()
    ? { status: "valid", signer }
    : { status: "invalid", signer, reason: `the signature recovers to ${recovered}, not ${signer}` };
}
