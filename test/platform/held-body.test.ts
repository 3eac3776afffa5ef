import { describe, expect, it } from "vitest";
import { bodyBytes, bytesResponse, holdBody } from "../../src/http/held-body.js";

describe("held response bodies", () => {
  it("reads a held text as its UTF-8 bytes without touching the Response's own body", async () => {
    const text = JSON.stringify({ name: "Zürich", values: [1.5, 2] });
    const res = holdBody(new Response(text), text);
    expect(Buffer.from(await bodyBytes(res)).toString("utf8")).toBe(text);
    expect(res.bodyUsed).toBe(false);
  });

  it("reads any other Response, a re-wrapped held one included, from its body", async () => {
    const held = holdBody(new Response("held"), "something else entirely");
    const rewrapped = new Response(held.body, held);
    expect(Buffer.from(await bodyBytes(rewrapped)).toString("utf8")).toBe("held");
    expect(Buffer.from(await bodyBytes(new Response("plain"))).toString("utf8")).toBe("plain");
  });

  it("answers arrayBuffer() of a bytes response with a copy of exactly those bytes", async () => {
    // A small Buffer lives in Node's shared pool: its .buffer is far larger than the bytes.
    const bytes = Buffer.from('{"ok":true}', "utf8");
    expect(bytes.buffer.byteLength).toBeGreaterThan(bytes.length);
    const res = bytesResponse(bytes, { status: 200, headers: { "x-test": "1" } });
    const copy = await res.arrayBuffer();
    expect(copy.byteLength).toBe(bytes.length);
    expect(Buffer.from(copy).equals(bytes)).toBe(true);
    new Uint8Array(copy)[0] = 0;
    expect(bytes[0]).toBe("{".charCodeAt(0));
    expect(await bodyBytes(res)).toBe(bytes);
    // The body itself is still there for the server to write.
    expect(res.headers.get("x-test")).toBe("1");
    expect(await new Response(res.body).text()).toBe('{"ok":true}');
  });
});
