import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { BoundedLru } from "../../core/bounded-lru.js";
import { replaceResponse } from "../../payments/replace-response.js";
import { bodyBytes } from "../held-body.js";

type Encoding = "br" | "gzip";

const compressors: Record<Encoding, (bytes: Uint8Array) => Promise<Buffer>> = {
  // Quality 5: /openapi.json (about 0.9 MB) in ~60 ms on the zlib thread pool, within 6% of quality 9's size.
  br: (bytes) => promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 6 }),
};

/** Smaller bodies gain nothing worth a Content-Encoding. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|javascript|linkset\+json)|text\/|image\/svg\+xml)/;

/**
 * Compresses the large static answers (the OpenAPI document, the docs page's and the web page's assets) with
 * brotli or gzip, as the caller's Accept-Encoding allows, and says `Vary: Accept-Encoding` on them either way.
 * It wraps response signing, so X-Response-Hash and X-Response-Signature stay those of the decoded bytes: a
 * client checks the signature over the body as its HTTP library hands it over, decompressed.
 * These answers change only with a deployment; each encoded form is kept, keyed by the decoded bytes' hash
 * (the X-Response-Hash signing has already computed), so a document is compressed once per encoding.
 */
export function compression(options: { isStatic: (path: string) => boolean; cacheEntries?: number }): MiddlewareHandler {
  const encoded = new BoundedLru<string, Buffer>(options.cacheEntries ?? 32);
  return async (c, next) => {
    await next();
    if (!options.isStatic(c.req.path)) return;
    const res = c.res;
    res.headers.append("Vary", "Accept-Encoding");
    if (c.req.method !== "GET" || res.status !== 200 || res.headers.has("content-encoding")) return;
    if (!COMPRESSIBLE.test(res.headers.get("content-type") ?? "")) return;
    const encoding = preferredEncoding(c.req.header("accept-encoding"));
    if (encoding === undefined) return;
    const body = await bodyBytes(res);
    if (body.byteLength < MIN_BYTES) return;
    const hash = res.headers.get("x-response-hash");
    const key = hash === null ? undefined : `${encoding} ${hash}`;
    let compressed = key === undefined ? undefined : encoded.get(key);
    if (compressed === undefined) {
      compressed = await compressors[encoding](body);
      if (key !== undefined) encoded.set(key, compressed);
    }
    const headers = new Headers(res.headers);
    headers.set("Content-Encoding", encoding);
    headers.delete("content-length");
    replaceResponse(c, new Response(compressed, { status: 200, headers }));
  };
}

/** br when the caller accepts it, else gzip, else nothing (q=0 refuses a coding; `*` accepts any). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name === "") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const wildcard = accepted.get("*") ?? 0;
  for (const encoding of ["br", "gzip"] as const) {
    if ((accepted.get(encoding) ?? wildcard) > 0) return encoding;
  }
  return undefined;
}
