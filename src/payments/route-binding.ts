import { decodePaymentRequiredHeader, decodePaymentSignatureHeader, encodePaymentRequiredHeader } from "@x402/core/http";
import type { HTTPResponseInstructions, RouteConfig, x402ResourceServer } from "@x402/core/server";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import { ownValue } from "../domain/own-value.js";

/** Codes of a payment refused because it was made out for another resource (or for none). */
export type BindingRefusal = "payment_resource_missing" | "payment_resource_mismatch";

/** The payment a PAYMENT-SIGNATURE header carries, or undefined when it does not decode (x402 core then answers as unpaid). */
export function decodePayment(header: string): PaymentPayload | undefined {
  let decoded: unknown;
  try {
    decoded = decodePaymentSignatureHeader(header);
  } catch {
    return undefined;
  }
  return decoded !== null && typeof decoded === "object" && !Array.isArray(decoded) ? (decoded as PaymentPayload) : undefined;
}

/**
 * A payment is bound to the resource it was quoted for. The requirements it accepts (amount, asset, payTo)
 * are the same on every route of one price, so they cannot say which route was bought; `resource.url`,
 * which every x402 v2 client copies from the 402 it pays (and our MPP conversion sets), can. A payment
 * without it cannot be bound, so it is refused too.
 */
export function bindingRefusal(payment: PaymentPayload, servedResource: string): BindingRefusal | undefined {
  const url = (payment as { resource?: { url?: unknown } }).resource?.url;
  if (typeof url !== "string" || url === "") return "payment_resource_missing";
  return url === servedResource ? undefined : "payment_resource_mismatch";
}

/** The HTTP method the payment's echoed bazaar extension was quoted with, if it echoes one. */
export function echoedMethod(payment: PaymentPayload): string | undefined {
  const bazaar = payment.extensions?.bazaar as { info?: { input?: { method?: unknown } } } | undefined;
  const method = bazaar?.info?.input?.method;
  return typeof method === "string" ? method.toUpperCase() : undefined;
}

/**
 * The contract serves each route on GET and POST with the same parameters, and a client may quote with one
 * and pay with the other. x402 compares the bazaar extension the payment echoes with the one advertised for
 * the method being served, which differs in `method` (and in query string versus body), so such a payment
 * would be refused with `extension_echo_mismatch`. When the echo is exactly what was advertised for the
 * quoting method, it is replaced by what is advertised for the serving one; any other echo is left for x402
 * to judge.
 */
export function alignEchoAcrossMethods(
  server: x402ResourceServer,
  payment: PaymentPayload,
  quoted: { config: RouteConfig; context: unknown },
  served: { config: RouteConfig; context: unknown },
): PaymentPayload | undefined {
  const quotedAdvertised = quoted.config.extensions && server.enrichExtensions(quoted.config.extensions, quoted.context);
  const servedAdvertised = served.config.extensions && server.enrichExtensions(served.config.extensions, served.context);
  if (quotedAdvertised?.bazaar === undefined || servedAdvertised?.bazaar === undefined) return undefined;
  const echo = { ...payment, extensions: { bazaar: payment.extensions?.bazaar } };
  const check = server.validateExtensions({ extensions: quotedAdvertised } as unknown as PaymentRequired, echo);
  if (!check.valid) return undefined;
  return { ...payment, extensions: { ...payment.extensions, bazaar: servedAdvertised.bazaar } };
}

/** The unpaid 402 of the route, restating why the payment was refused in `error` (header and body alike). */
export function withRefusal(instructions: HTTPResponseInstructions, reason: string): HTTPResponseInstructions {
  const headers = { ...instructions.headers };
  const name = Object.keys(headers).find((key) => key.toLowerCase() === "payment-required");
  if (name === undefined) return instructions;
  const required = decodePaymentRequiredHeader(ownValue(headers, name)!);
  headers[name] = encodePaymentRequiredHeader({ ...required, error: reason });
  return { ...instructions, headers };
}
