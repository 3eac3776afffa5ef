import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "../../src/storage/create-database.js";
import { startLocalReceiver, type LocalReceiver, type ReceiverReply } from "../support/local-receiver.js";
import { probeService } from "./probe-harness.js";

/**
 * The caps that keep the probe from hammering anyone: a request budget, one deadline for the whole probe, and a
 * body cap. A server whose paid route never answers, behind an OpenAPI document larger than the cap.
 */
describe("the probe's request, time and body caps", () => {
  let server: LocalReceiver;
  let database: Database;
  beforeAll(async () => {
    server = await startLocalReceiver((request): ReturnType<ReceiverReply> => {
      if (request.path === "/.well-known/x402") return { status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify({ version: 1, resources: [`http://127.0.0.1:${server.port}/slow`] }) };
      if (request.path === "/openapi.json") return { status: 200, body: JSON.stringify({ openapi: "3.1.0", padding: "x".repeat(100_000) }) };
      if (request.path === "/slow") return "hang";
      return { status: 503, headers: { "retry-after": "1" } };
    });
    database = await createDatabase({ kind: "sqlite", file: ":memory:" });
  });
  afterAll(async () => {
    await database.close();
    await server.close();
  });

  it("skips an OpenAPI document over 64 KB, stops at the deadline, and sends nothing after it", async () => {
    const probe = probeService(database, { allowHosts: ["127.0.0.1"], limits: { maxRequests: 10, totalMs: 1_500 } });
    const report = await probe.service.probe(`http://127.0.0.1:${server.port}`);
    await probe.close();
    const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
    expect(byId.openapi.status).toBe("skip");
    expect(byId.openapi.evidence).toMatch(/larger than the probe's 64 KB body cap/);
    expect(byId.challenge.status).toBe("fail");
    expect(byId.challenge.evidence).toMatch(/no answer \(deadline/);
    expect(byId.docs.status).toBe("warn");
    expect(report.grade).toBe("F");
    // wellknown, openapi, the hanging challenge; the docs requests came after the deadline and were never sent.
    expect(server.requests.map((r) => r.path)).toEqual(["/.well-known/x402", "/openapi.json", "/slow"]);
    expect(report.timings.requests.map((t) => t.status)).toEqual([200, null, null]);
  });

  it("never sends more requests than its budget", async () => {
    const before = server.requests.length;
    // A database of its own: the first test's result for this origin would otherwise be served from the cache.
    const fresh = await createDatabase({ kind: "sqlite", file: ":memory:" });
    const probe = probeService(fresh, { allowHosts: ["127.0.0.1"], limits: { maxRequests: 2, totalMs: 45_000 } });
    const report = await probe.service.probe(`http://127.0.0.1:${server.port}`);
    await probe.close();
    await fresh.close();
    expect(server.requests.length - before).toBe(2);
    expect(report.checks.find((c) => c.id === "challenge")?.evidence).toMatch(/budget of 2 requests was used up/);
  });

  it("counts redirect hops against the budget: a server that redirects every request gets at most 10 requests", async () => {
    const looping = await startLocalReceiver((request) =>
      request.path === "/.well-known/x402"
        ? { status: 200, body: JSON.stringify({ version: 1, resources: [`http://127.0.0.1:${looping.port}/paid`] }) }
        : { status: 302, headers: { location: request.path } },
    );
    const fresh = await createDatabase({ kind: "sqlite", file: ":memory:" });
    const probe = probeService(fresh, { allowHosts: ["127.0.0.1"] });
    const report = await probe.service.probe(`http://127.0.0.1:${looping.port}`);
    await probe.close();
    await fresh.close();
    await looping.close();
    // wellknown 1, then openapi, the challenge and /llms.txt 1 + 2 hops each; nothing is left for the home page.
    expect(looping.requests.length).toBe(10);
    expect(report.checks.find((c) => c.id === "challenge")?.evidence).toMatch(/too_many_redirects|more than 2 redirects/);
  });
});
