import net from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { startLoopback, type LoopbackServer } from "../support/start-loopback.js";
import { startTestService, type TestService } from "../support/test-service.js";

/*
 * Issue 34, point 9: a client that hangs up mid-request was logged at level 50 as "unhandled error" with a stack.
 * It is nobody's fault on our side: one debug line with a code, no stack, and a 5xx in no log.
 */

describe.skipIf(!SHARED_PRESENT)("a client that disconnects mid-request", () => {
  const lines: Record<string, unknown>[] = [];
  let service: TestService;
  let loopback: LoopbackServer;
  beforeAll(async () => {
    const logger = pino({ level: "trace" }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    service = await startTestService({ logger });
    loopback = await startLoopback(service);
  });
  afterAll(async () => {
    await loopback?.close();
    await service?.close();
  });

  /** Sends the head of a POST and part of its body, then closes the socket. */
  async function hangUpDuring(path: string): Promise<void> {
    const socket = net.connect(Number(new URL(loopback.baseUrl).port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(`POST ${path} HTTP/1.1\r\nHost: precedent.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"watch_id":`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
  }

  it("is logged once at debug with code CLIENT_DISCONNECTED, never as an unhandled error with a stack", async () => {
    const paths = ["/watch/status", "/get_latest_price", "/api/demand/top"];
    for (const path of paths) await hangUpDuring(path);
    const deadline = Date.now() + 5_000;
    while (lines.filter((l) => l.code === "CLIENT_DISCONNECTED").length < paths.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const disconnects = lines.filter((l) => l.code === "CLIENT_DISCONNECTED");
    expect(disconnects).toHaveLength(paths.length);
    for (const line of disconnects) expect(line).toMatchObject({ level: 20, msg: "client disconnected mid-request", reason: "aborted" });
    expect(lines.filter((l) => Number(l.level) >= 40)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain("stack");
    // The server still answers.
    expect((await fetch(`${loopback.baseUrl}/api/demand/about`)).status).toBe(200);
  });
});
