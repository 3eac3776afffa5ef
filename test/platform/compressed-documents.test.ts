import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { preferredEncoding } from "../../src/http/middleware/compression.js";
import { loopbackService } from "../support/loopback-service.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>>; components: { responses?: Record<string, unknown> } };

const DECODERS = { br: brotliDecompressSync, gzip: gunzipSync };

/**
 * /openapi.json and the docs page's assets are served compressed by Accept-Encoding, with Vary, and the response
 * signature stays over the decoded bytes (issue 35.3); the document keeps each repeated response once.
 */
describe.skipIf(!SHARED_PRESENT)("compressed documents", () => {
  const loopback = loopbackService();

  it("serves /openapi.json as br or gzip, decoding to the identity bytes, whose signature verifies", async () => {
    const plain = await loopback.service().app.request("/openapi.json");
    const identity = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toContain("Accept-Encoding");
    for (const encoding of ["br", "gzip"] as const) {
      const res = await loopback.service().app.request("/openapi.json", { headers: { "Accept-Encoding": `${encoding}, identity;q=0.5` } });
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("vary")).toContain("Accept-Encoding");
      const wire = Buffer.from(await res.arrayBuffer());
      const decoded = DECODERS[encoding](wire);
      expect(decoded.equals(identity)).toBe(true);
      expect(wire.byteLength).toBeLessThan(decoded.byteLength / 5);
      expect(res.headers.get("x-response-hash")).toBe(`sha256=${createHash("sha256").update(decoded).digest("hex")}`);
      const check = await loopback.service().signer.verify(decoded.toString("utf8"), res.headers.get("x-response-signature")!);
      expect(check.valid).toBe(true);
    }
  });

  it("over a socket, a stock fetch decodes it and the signature verifies over what it hands over", async () => {
    const res = await fetch(`${loopback.base()}/openapi.json`, { headers: { "Accept-Encoding": "br" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    const text = await res.text();
    expect(JSON.parse(text)).toHaveProperty("openapi");
    expect((await loopback.service().signer.verify(text, res.headers.get("x-response-signature")!)).valid).toBe(true);
  });

  it("compresses the docs page's assets and leaves paid answers and small bodies alone", async () => {
    for (const asset of ["/docs/assets/swagger-ui.css", "/llms.txt"]) {
      const res = await loopback.service().app.request(asset, { headers: { "Accept-Encoding": "gzip" } });
      expect([asset, res.status, res.headers.get("content-encoding")]).toEqual([asset, 200, "gzip"]);
      const plain = Buffer.from(await (await loopback.service().app.request(asset)).arrayBuffer());
      expect(gunzipSync(Buffer.from(await res.arrayBuffer())).equals(plain)).toBe(true);
    }
    const paid = await loopback.service().app.request("/get_latest_price?ticker=AAPL", { headers: { "Accept-Encoding": "br, gzip" } });
    expect([paid.status, paid.headers.get("content-encoding")]).toEqual([402, null]);
  });

  it("writes each repeated response once, in components.responses", async () => {
    const doc = (await (await loopback.service().app.request("/openapi.json")).json()) as Doc;
    const seen = new Map<string, string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, response] of Object.entries(op.responses)) {
          if ("$ref" in (response as object)) continue;
          const text = JSON.stringify(response);
          expect(seen.get(text), `${method} ${path} ${status}`).toBeUndefined();
          seen.set(text, `${method} ${path} ${status}`);
        }
      }
    }
    expect(Object.keys(doc.components.responses ?? {})).toEqual(expect.arrayContaining(["get_patterns_200", "get_patterns_402", "405_METHOD_NOT_ALLOWED"]));
  });

  it("chooses br, then gzip, by Accept-Encoding and its q-values", () => {
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("br;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("identity")).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
