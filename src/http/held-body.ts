/**
 * Response bodies kept beside the Response made from them, so the readers after a handler (the response
 * signature, then the payment gate's settlement, which hands the body to x402) need not stream them back out.
 * Read through `arrayBuffer()`, a body is copied into a full fetch Response and out through a web stream: for
 * a 270 KB answer (/get_patterns_ohlc) each such read cost ~0.4-1 ms of event-loop time, and a paid 200 was
 * read twice.
 *
 * Only identity is trusted: a body is held for the exact Response object it was made into, and a Response
 * cannot change its body, so whatever replaces or re-wraps that object (Hono merging headers, a middleware
 * answering instead) is read the ordinary way.
 */
const held = new WeakMap<Response, { body: string | Uint8Array; sha256: Uint8Array | undefined }>();

/**
 * Records that `res` was made from `body` (its text or bytes) and returns `res`. `sha256`, when given, is the
 * SHA-256 of exactly those bytes (computed where they were encoded, ./answer-encoding/answer-encoder-thread.ts).
 */
export function holdBody<R extends Response>(res: R, body: string | Uint8Array, sha256?: Uint8Array): R {
  held.set(res, { body, sha256 });
  return res;
}

/** The body's bytes: the held ones when `res` was made here, else read from the Response. Not to be modified. */
export async function bodyBytes(res: Response): Promise<Uint8Array> {
  const body = held.get(res)?.body;
  if (body === undefined) return new Uint8Array(await res.arrayBuffer());
  return typeof body === "string" ? Buffer.from(body, "utf8") : body;
}

/** The SHA-256 of the held body's bytes, when it was recorded with them. */
export function heldSha256(res: Response): Uint8Array | undefined {
  return held.get(res)?.sha256;
}

/**
 * A Response of exactly `bytes` whose `arrayBuffer()` answers with a copy of them instead of streaming the
 * body: x402's Hono binding reads a paid answer that way before settling it. The body itself stays unread,
 * so the server still writes it as it would any other.
 */
export function bytesResponse(bytes: Uint8Array, init: ResponseInit): Response {
  const res = new Response(bytes, init);
  // new Uint8Array(bytes): a standalone copy (a Buffer's .buffer may be a shared pool).
  Object.defineProperty(res, "arrayBuffer", { value: async () => new Uint8Array(bytes).buffer });
  return holdBody(res, bytes);
}
