/**
 * What a payment failure may tell the caller: a snake_case code (the x402 reasons are already such codes:
 * `invalid_exact_evm_nonce_already_used`), or one of our own short sentences. Anything else (a viem error
 * with the facilitator's wallet, gas and calldata, a raw exception such as "Cannot convert 1e3 to a BigInt")
 * is replaced by `fallback`; the caller logs the original once.
 */
const CODE = /^[a-z][a-z0-9_]{0,79}$/;
const OWN_SENTENCES = ["Payment required", "MPP credential rejected: "];
const MAX_SENTENCE_CHARS = 160;
const HEX_BLOB = /0x[0-9a-fA-F]{16,}/;

export function publicPaymentReason(raw: unknown, fallback: string): string {
  if (typeof raw !== "string") return fallback;
  if (CODE.test(raw)) return raw;
  const ownSentence = OWN_SENTENCES.some((prefix) => raw.startsWith(prefix));
  if (ownSentence && raw.length <= MAX_SENTENCE_CHARS && !HEX_BLOB.test(raw) && !/[\r\n]/.test(raw)) return raw;
  return fallback;
}
