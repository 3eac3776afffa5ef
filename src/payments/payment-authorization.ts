import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";

/** The EIP-3009 authorization of an `exact` payment, with the numbers already checked to be plain integers. */
export interface ExactAuthorization {
  payer: string;
  payTo: string;
  nonce: string;
  valueAtomic: string;
  validAfterS: number;
  validBeforeS: number;
}

/** Seconds an authorization may outlive the route's `maxTimeoutSeconds`: client clock skew and network time. */
export const AUTHORIZATION_WINDOW_SLACK_SECONDS = 30;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const NONCE = /^0x[0-9a-fA-F]{64}$/;
const UINT = /^\d{1,78}$/;

/** The authorization a payload carries, or undefined when it is not a well-formed EIP-3009 one. */
export function exactAuthorizationOf(payload: PaymentPayload): ExactAuthorization | undefined {
  const auth = (payload.payload as { authorization?: Record<string, unknown> } | undefined)?.authorization;
  if (auth === undefined || auth === null || typeof auth !== "object") return undefined;
  const { from, to, value, validAfter, validBefore, nonce } = auth;
  if (typeof from !== "string" || !ADDRESS.test(from) || typeof to !== "string" || !ADDRESS.test(to)) return undefined;
  if (typeof nonce !== "string" || !NONCE.test(nonce)) return undefined;
  if (![value, validAfter, validBefore].every((n) => typeof n === "string" && UINT.test(n))) return undefined;
  const validBeforeS = Number(validBefore);
  const validAfterS = Number(validAfter);
  return { payer: from, payTo: to, nonce, valueAtomic: value as string, validAfterS, validBeforeS };
}

/**
 * Why an authorization's validity window is refused, or undefined when it is acceptable: it may not end
 * later than the route's timeout (plus slack) from now, so a leaked authorization cannot be held for years.
 */
export function windowProblem(auth: ExactAuthorization, requirements: PaymentRequirements, nowS: number): string | undefined {
  const latestS = nowS + requirements.maxTimeoutSeconds + AUTHORIZATION_WINDOW_SLACK_SECONDS;
  if (!Number.isSafeInteger(auth.validBeforeS) || auth.validBeforeS > latestS) return "authorization_window_too_long";
  return undefined;
}
