/**
 * What a log may keep of a payment failure: a code and a short reason. A facilitator's `invalidMessage` or
 * `errorMessage`, and a viem exception's message, can hold the payer's signature, the transfer's calldata or
 * the whole payload; an authorization refused for, say, insufficient balance is still valid until it expires,
 * so whoever reads such a line could spend it. Hex of 16 digits or more (signatures, calldata, nonces,
 * addresses) and long base64-like runs (payment headers) are cut out, and only the first line is kept.
 */
const HEX_RUN = /0x[0-9a-fA-F]{16,}|\b[0-9a-fA-F]{40,}\b/g;
const TOKEN_RUN = /[A-Za-z0-9+/_=-]{48,}/g;
const MAX_REASON_CHARS = 160;

export function loggableReason(raw: unknown): string | undefined {
  if (typeof raw !== "string" || raw === "") return undefined;
  const firstLine = raw.split(/\r?\n/, 1)[0] ?? "";
  return firstLine.replace(HEX_RUN, "0x…").replace(TOKEN_RUN, "…").slice(0, MAX_REASON_CHARS);
}

/** An exception from payment code, for the log: its class, its code if any, and a short reason (no stack). */
export function loggableError(error: unknown): { name: string; code?: string; reason?: string } {
  if (!(error instanceof Error)) return { name: typeof error, reason: loggableReason(String(error)) };
  const { code, shortMessage } = error as { code?: unknown; shortMessage?: unknown };
  return {
    name: error.name,
    ...(typeof code === "string" || typeof code === "number" ? { code: String(code) } : {}),
    reason: loggableReason(typeof shortMessage === "string" ? shortMessage : error.message),
  };
}
