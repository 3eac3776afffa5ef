import type { SafeOutboundClient } from "./safe-outbound-client.js";

/** Statuses whose Response may carry no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A `fetch` whose every request goes through the SSRF-safe client, for stock code that takes a fetch
 * (the x402 paying client). Only GET, POST and HEAD; the request's own headers and body are sent as given
 * (they are built by our code, never copied from a caller), and policy refusals and failures throw the
 * safe client's errors.
 */
export function safeFetch(client: SafeOutboundClient): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const method = request.method.toUpperCase();
    if (method !== "GET" && method !== "POST" && method !== "HEAD") throw new TypeError(`safeFetch: ${method} is not supported`);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = method === "POST" ? new Uint8Array(await request.arrayBuffer()) : undefined;
    const answer = await client.request(request.url, { method, headers, ...(body === undefined ? {} : { body }) });
    const response = new Response(NULL_BODY_STATUSES.has(answer.status) || method === "HEAD" ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
    // Stock clients read `response.url` for the paid resource: the final URL after any checked redirect.
    Object.defineProperty(response, "url", { value: answer.url });
    return response;
  };
}
