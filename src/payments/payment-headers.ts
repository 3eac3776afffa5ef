/**
 * Which requests carry a payment, read the one way the payment gate reads them, so that everything in front of
 * the gate (the heavy-route bulkhead) holds exactly the calls the gate will verify.
 */

/** Reads a request header by name (case-insensitive, as Hono's `c.req.header` and x402's adapter do). */
export type HeaderReader = (name: string) => string | undefined;

/**
 * The x402 payment of a request: PAYMENT-SIGNATURE (v2) or X-PAYMENT (v1), as x402's Hono binding reads them;
 * undefined when neither is set or both are empty.
 */
export function x402PaymentHeader(header: HeaderReader): string | undefined {
  return header("payment-signature") || header("x-payment") || undefined;
}

/** The Authorization value when it carries the `Payment` scheme (other schemes are not ours to judge). */
export function mppAuthorization(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  return header.split(",").some((part) => /^Payment(\s|$)/i.test(part.trim())) ? header : undefined;
}

/** True when the request carries an x402 payment or an MPP credential: the gate will verify it. */
export function carriesPayment(header: HeaderReader): boolean {
  return x402PaymentHeader(header) !== undefined || mppAuthorization(header("authorization")) !== undefined;
}
