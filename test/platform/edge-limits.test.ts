import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../support/fake-clock.js";
import { suiteService } from "../support/suite-service.js";
import { resolveRef } from "../support/openapi-refs.js";

const LIMIT_BYTES = 4096;

describe("body limit", () => {
  const service = suiteService({ env: { BODY_LIMIT_BYTES: String(LIMIT_BYTES) } });

  it("refuses a declared oversized body with 413 and the error body, before the payment gate", async () => {
    for (const path of ["/verify_signature", "/get_patterns"]) {
      const res = await service().app.request(path, { method: "POST", body: "x".repeat(LIMIT_BYTES + 1) });
      const body = (await res.json()) as { error: { code: string; message: string; request_id: string } };
      expect([path, res.status, body.error.code]).toEqual([path, 413, "PAYLOAD_TOO_LARGE"]);
      expect(body.error.message).toContain(String(LIMIT_BYTES));
      expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
    }
  });

  it("refuses a chunked body without Content-Length once it passes the limit, even on a paid route", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1024;
        controller.enqueue(new Uint8Array(1024).fill(120));
        if (pulled >= 1024 * 1024) controller.close();
      },
    });
    const res = await service().app.request("/get_patterns", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    // Read up to the limit plus the chunk that crossed it (and what the stream had queued), never the whole megabyte.
    expect(pulled).toBeLessThan(LIMIT_BYTES * 4);
  });

  it("documents 413 on every POST, 429 on free routes only and 405 everywhere in /openapi.json", async () => {
    const doc = (await (await service().app.request("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
      info: { description: string };
    };
    expect(resolveRef<{ description: string }>(doc, doc.paths["/get_patterns"]?.post?.responses["413"])?.description).toContain("PAYLOAD_TOO_LARGE");
    expect(resolveRef<{ description: string }>(doc, doc.paths["/get_patterns"]?.get?.responses["413"])).toBeUndefined();
    expect(resolveRef<{ description: string }>(doc, doc.paths["/get_patterns"]?.get?.responses["429"])).toBeUndefined();
    expect(resolveRef<{ description: string }>(doc, doc.paths["/get_patterns"]?.get?.responses["405"])?.description).toContain("METHOD_NOT_ALLOWED");
    expect(resolveRef<{ description: string }>(doc, doc.paths["/verify_signature"]?.post?.responses["429"])?.description).toContain("RATE_LIMITED");
    expect(resolveRef<{ description: string }>(doc, doc.paths["/dev/faucet"]?.post?.responses["429"])?.description).toContain("RATE_LIMIT_FAUCET_PER_MINUTE");
    expect(doc.info.description).toContain("HEAD on a paid route");
  });

  it("passes a body within the limit on to the route unchanged", async () => {
    const address = "0x000000000000000000000000000000000000bEEF";
    const res = await service().app.request("/dev/faucet", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ address, amount: 2.5 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ address, minted_atomic: "2500000" });
  });

  it("over a real socket, reads parameters from a sized body, a chunked body and the query string alike", async () => {
    const server = serve({ fetch: service().app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const address = "0x000000000000000000000000000000000000bEEF";
    const json = { "content-type": "application/json" };
    try {
      // Content-Length (fetch sizes a string body), chunked (a stream body), and no body at all.
      const sized = await fetch(`${base}/dev/faucet`, { method: "POST", headers: json, body: JSON.stringify({ address, amount: 2 }) });
      const chunked = await fetch(`${base}/dev/faucet`, {
        method: "POST",
        headers: json,
        body: new Blob([JSON.stringify({ address, amount: 3 })]).stream(),
        duplex: "half",
      } as RequestInit);
      const query = await fetch(`${base}/dev/faucet?address=${address}&amount=4`, { method: "POST" });
      expect([sized.status, chunked.status, query.status]).toEqual([200, 200, 200]);
      const minted = async (res: Response) => ((await res.json()) as { minted_atomic: string }).minted_atomic;
      expect([await minted(sized), await minted(chunked), await minted(query)]).toEqual(["2000000", "3000000", "4000000"]);
    } finally {
      server.close();
    }
  });

  it("answers 413 to a 100 MB streamed POST over a real socket before the upload ends, without buffering it", async () => {
    const server = serve({ fetch: service().app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const port = (server.address() as AddressInfo).port;
    const rssBefore = process.memoryUsage().rss;
    const totalBytes = 100 * 1024 * 1024;
    const chunk = Buffer.alloc(256 * 1024, 120);
    try {
      const outcome = await new Promise<{ status: number; sentBytes: number; body: string }>((resolve, reject) => {
        let sentBytes = 0;
        let answered = false;
        const req = http.request({ host: "127.0.0.1", port, path: "/get_patterns", method: "POST", headers: { "transfer-encoding": "chunked" } }, (res) => {
          answered = true;
          let body = "";
          res.on("data", (d: Buffer) => (body += d.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, sentBytes, body }));
        });
        req.on("error", (error) => {
          if (!answered) reject(error);
        });
        const pump = () => {
          while (!answered && sentBytes < totalBytes) {
            sentBytes += chunk.length;
            if (!req.write(chunk)) return void req.once("drain", pump);
          }
          if (!answered) req.end();
        };
        pump();
      });
      const rssGrowthBytes = process.memoryUsage().rss - rssBefore;
      console.log(
        `100 MB chunked POST: 413 after ${(outcome.sentBytes / 2 ** 20).toFixed(1)} MiB sent, RSS growth ${(rssGrowthBytes / 2 ** 20).toFixed(1)} MiB`,
      );
      expect(outcome.status).toBe(413);
      expect(JSON.parse(outcome.body).error.code).toBe("PAYLOAD_TOO_LARGE");
      expect(outcome.sentBytes).toBeLessThan(totalBytes);
      expect(rssGrowthBytes).toBeLessThan(64 * 1024 * 1024);
    } finally {
      server.close();
    }
  });
});

describe("rate limit on free routes and the faucet", () => {
  const clock = new FakeClock(Date.parse("2026-01-05T12:00:00Z"));
  const service = suiteService({
    clock,
    env: { RATE_LIMIT_FREE_PER_MINUTE: "3", RATE_LIMIT_FAUCET_PER_MINUTE: "1", TRUST_PROXY: "true" },
  });
  const get = (path: string, client: string, method = "GET") => service().app.request(path, { method, headers: { "x-forwarded-for": `203.0.113.9, ${client}` } });

  it("answers 429 with Retry-After and the error body past the limit, per client, and refills over time", async () => {
    for (let i = 0; i < 3; i++) expect((await get("/llms.txt", "198.51.100.1")).status).toBe(200);
    const limited = await get("/llms.txt", "198.51.100.1");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(20);
    const body = (await limited.json()) as { error: { code: string; request_id: string } };
    expect(body.error.code).toBe("RATE_LIMITED");
    expect(body.error.request_id).toBe(limited.headers.get("x-request-id"));
    // Another client (the last X-Forwarded-For hop, as a trusted proxy appends it) has its own bucket.
    expect((await get("/llms.txt", "198.51.100.2")).status).toBe(200);
    clock.advance(20_000);
    expect((await get("/llms.txt", "198.51.100.1")).status).toBe(200);
  });

  it("never limits paid routes: an unpaid call keeps getting its 402 quote", async () => {
    for (let i = 0; i < 6; i++) expect((await get("/get_patterns", "198.51.100.3")).status).toBe(402);
  });

  it("gives the faucet its own, lower limit", async () => {
    const address = "0x000000000000000000000000000000000000dEaD";
    const first = await get(`/dev/faucet?address=${address}&amount=1`, "198.51.100.4", "POST");
    expect(first.status).toBe(200);
    const second = await get(`/dev/faucet?address=${address}&amount=1`, "198.51.100.4", "POST");
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("60");
    // The faucet's bucket is separate from the free-route bucket of the same client.
    expect((await get("/llms.txt", "198.51.100.4")).status).toBe(200);
  });
});
