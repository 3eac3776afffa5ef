import type { SafeResponse } from "../../providers/http/safe-outbound-client.js";
import { isObject } from "./check-result.js";

/** One `accepts` entry as the origin wrote it, v1 fields mapped onto the v2 names (amount <- maxAmountRequired). */
export interface SeenAccept {
  scheme: unknown;
  network: unknown;
  amount: unknown;
  asset: unknown;
  payTo: unknown;
  maxTimeoutSeconds: unknown;
  extra: unknown;
  /** v1 entries carry their own input/output description here. */
  outputSchema?: unknown;
}

/** The payment terms of a 402, from the v2 header or, failing that, a v1 JSON body. */
export type SeenTerms =
  | { version: 2; headerBytes: number; resourceUrl: unknown; accepts: unknown; entries: SeenAccept[]; extensions: Record<string, unknown> | undefined }
  | { version: 1; accepts: unknown; entries: SeenAccept[] }
  /** A PAYMENT-REQUIRED header that is not base64 JSON, or a body that is not x402 at all. */
  | { version: "unreadable"; problem: string };

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

function decodeBase64Json(value: string): unknown {
  if (!BASE64.test(value)) throw new Error("not base64");
  return JSON.parse(Buffer.from(value, "base64").toString("utf8"));
}

function entriesOf(accepts: unknown, amountField: "amount" | "maxAmountRequired"): SeenAccept[] {
  if (!Array.isArray(accepts)) return [];
  return accepts.filter(isObject).map((a) => ({
    scheme: a.scheme,
    network: a.network,
    amount: a[amountField],
    asset: a.asset,
    payTo: a.payTo,
    maxTimeoutSeconds: a.maxTimeoutSeconds,
    extra: a.extra,
    outputSchema: a.outputSchema,
  }));
}

/** Reads the terms of a 402: PAYMENT-REQUIRED (v2) first, else an x402Version 1 body. */
export function readTerms(response: SafeResponse, bodyText: string): SeenTerms {
  const header = response.headers["payment-required"];
  if (header !== undefined) {
    let decoded: unknown;
    try {
      decoded = decodeBase64Json(header.trim());
    } catch {
      return { version: "unreadable", problem: "PAYMENT-REQUIRED is not base64-encoded JSON" };
    }
    if (!isObject(decoded)) return { version: "unreadable", problem: "PAYMENT-REQUIRED does not decode to a JSON object" };
    if (decoded.x402Version !== 2) return { version: "unreadable", problem: `PAYMENT-REQUIRED has x402Version ${JSON.stringify(decoded.x402Version)}, expected 2` };
    const resource = isObject(decoded.resource) ? decoded.resource.url : undefined;
    const extensions = isObject(decoded.extensions) ? decoded.extensions : undefined;
    return { version: 2, headerBytes: header.length, resourceUrl: resource, accepts: decoded.accepts, entries: entriesOf(decoded.accepts, "amount"), extensions };
  }
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return { version: "unreadable", problem: "no PAYMENT-REQUIRED header and the body is not JSON" };
  }
  if (isObject(body) && body.x402Version === 1) return { version: 1, accepts: body.accepts, entries: entriesOf(body.accepts, "maxAmountRequired") };
  return { version: "unreadable", problem: "no PAYMENT-REQUIRED header and no x402Version 1 body" };
}
