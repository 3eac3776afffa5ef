import type { Context } from "hono";

/** What a node stream or fetch body read throws when the peer goes away mid-request. */
const DISCONNECT_CODES = new Set(["ECONNRESET", "ECONNABORTED", "EPIPE", "ERR_STREAM_PREMATURE_CLOSE"]);

/**
 * True when `error` is the client going away (it closed the connection before its request body arrived, or
 * while the answer was being written), not a fault of ours: the error says so (`aborted`, ECONNRESET...) and
 * the incoming request is indeed gone. Logged as a low-level event with a code, never as an unhandled error.
 */
export function isClientDisconnect(error: unknown, c: Context): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  const saysDisconnect = (typeof code === "string" && DISCONNECT_CODES.has(code)) || error.name === "AbortError" || error.message === "aborted";
  if (!saysDisconnect) return false;
  const incoming = (c.env as { incoming?: { aborted?: boolean; destroyed?: boolean; socket?: { destroyed?: boolean } | null } } | undefined)?.incoming;
  return c.req.raw.signal.aborted || incoming?.aborted === true || incoming?.destroyed === true || incoming?.socket?.destroyed === true;
}
