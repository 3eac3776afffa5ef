import type { MiddlewareHandler } from "hono";
import { AppError } from "../../domain/app-error.js";
import type { AppEnv } from "../app-env.js";
import { mayHaveBody } from "../announced-body.js";
import { errorResponse } from "../error-responses.js";

/**
 * Caps every request body at `limitBytes` before the payment gate or a route sees it. A declared
 * Content-Length over the cap is refused unread; a body without one (chunked) is read only up to the cap,
 * then refused, and the rest is never pulled (the server drains and closes the connection after the
 * answer). A body within the cap is buffered once and handed on as an ordinary request, so later readers
 * (parameters, payment middleware) work unchanged.
 */
export function bodyLimit(limitBytes: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!mayHaveBody(c)) return next();
    const raw = c.req.raw;
    if (raw.body === null) return next();
    const declared = c.req.header("content-length");
    if (declared !== undefined && Number(declared) > limitBytes) return tooLarge(c, limitBytes);
    const body = await readAtMost(raw.body, limitBytes);
    if (body === undefined) return tooLarge(c, limitBytes);
    c.req.raw = new Request(raw.url, { method: raw.method, headers: raw.headers, body, signal: raw.signal });
    return next();
  };
}

function tooLarge(c: Parameters<MiddlewareHandler<AppEnv>>[0], limitBytes: number): Response {
  return errorResponse(
    c,
    new AppError("PAYLOAD_TOO_LARGE", `Request body exceeds ${limitBytes} bytes; send parameters as a smaller JSON object or in the query string`),
  );
}

/** The whole stream if it holds at most `limitBytes`, else undefined (and no more than limit + one chunk was read). */
async function readAtMost(stream: ReadableStream<Uint8Array>, limitBytes: number): Promise<Uint8Array | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limitBytes) return undefined;
      chunks.push(value);
    }
  } finally {
    // Released, not cancelled: cancelling would destroy the socket before the 413 could be written.
    reader.releaseLock();
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
