import type { RouteParams } from "../../contracts/fulfilment/route.js";
import { AppError, validationError } from "../../domain/app-error.js";

/** The call we make to the seller for one /api/route request, the same for the quote and the purchase. */
export interface SellerRequest {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body: string | undefined;
}

/**
 * GET: the seller parameters join the URL's own query string; POST: they are the JSON body. Only headers we
 * choose are sent (never the caller's), and never to this service's own host (a purchase from ourselves
 * would quote itself in a loop).
 */
export function sellerRequest(params: RouteParams, ownHost: string): SellerRequest {
  const url = new URL(params.url);
  if (url.host.toLowerCase() === ownHost.toLowerCase()) {
    throw validationError("url", `names this service (${ownHost}); call our routes directly instead of through /api/route`);
  }
  const headers: Record<string, string> = { accept: "application/json, */*;q=0.5" };
  if (params.method === "GET") {
    for (const [name, value] of Object.entries(params.params)) url.searchParams.append(name, String(value));
    return { url: url.toString(), method: "GET", headers, body: undefined };
  }
  const hasParams = Object.keys(params.params).length > 0;
  return {
    url: url.toString(),
    method: "POST",
    headers: hasParams ? { ...headers, "content-type": "application/json" } : headers,
    body: hasParams ? JSON.stringify(params.params) : undefined,
  };
}

/**
 * A failure of the SSRF-safe client as the caller should see it: a policy refusal (it carries a `reason`)
 * is the caller's URL at fault (422); a timeout or a broken connection is the seller's (503, retry later).
 */
export function outboundError(error: unknown, stage: string): AppError {
  const reason = (error as { reason?: unknown }).reason;
  if (typeof reason === "string") return validationError("url", `refused: ${reason}`);
  const kind = (error as { kind?: unknown }).kind;
  if (kind === "too_large") {
    return new AppError("SELLER_FAILED", `the seller's answer ${stage} is larger than we relay`, {
      details: [{ param: "url", issue: `the seller's answer ${stage} exceeds the relay limit` }],
      publicHint: "Its answer is larger than /api/route relays.",
      cause: error,
    });
  }
  return new AppError("UPSTREAM_UNAVAILABLE", `the seller could not be reached ${stage}: ${error instanceof Error ? error.message : String(error)}`, {
    retryAfterSeconds: 30,
    publicHint: `The seller could not be reached ${stage}.`,
    cause: error,
  });
}
