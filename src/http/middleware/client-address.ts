import type { Context } from "hono";

/**
 * The address a request came from, for per-client limits. Behind a proxy that appends X-Forwarded-For
 * (`trustProxy`), the last hop is the one that proxy saw; earlier hops are whatever the client wrote and
 * are ignored. Without a trusted proxy the header is ignored altogether, so it cannot be used to dodge limits.
 */
export function clientAddress(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const hops = c.req.header("x-forwarded-for")?.split(",").map((hop) => hop.trim()).filter((hop) => hop !== "");
    const last = hops?.at(-1);
    if (last !== undefined) return last;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress;
}
