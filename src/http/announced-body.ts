import type { Context } from "hono";

/**
 * Whether a request may carry a body. From the Node server, a request has one only with Transfer-Encoding or
 * a Content-Length above zero (RFC 9112 §6.3; Node's parser holds to it), which the headers tell. Asking the
 * request itself (`c.req.raw.body`) makes @hono/node-server build the whole fetch Request (headers copied, an
 * AbortController, a body stream), which most calls never need: a paid call is typically a POST with its
 * parameters in the query string. A request built in the process (app.request: the warm-up, tests) is asked.
 */
export function mayHaveBody(c: Context): boolean {
  const fromNodeServer = (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
  if (!fromNodeServer) return c.req.raw.body !== null;
  if (c.req.header("transfer-encoding") !== undefined) return true;
  const length = c.req.header("content-length");
  return length !== undefined && Number(length) > 0;
}
