import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexListings, ProbeCheck } from "../../src/domain/probe-report.js";
import { MALFORMED_PAYMENTS } from "../../src/services/probe/robustness-checks.js";
import { createDatabase, type Database } from "../../src/storage/create-database.js";
import { BROKEN_PAY_TO, startBrokenX402Server } from "./broken-x402-server.js";
import { PROBE_USER_AGENT, probeService } from "./probe-harness.js";

describe("the probe against a deliberately broken x402 server on loopback", () => {
  let server: Awaited<ReturnType<typeof startBrokenX402Server>>;
  let database: Database;
  let probe: ReturnType<typeof probeService>;
  const listedElsewhere = "0x2222222222222222222222222222222222222222";
  beforeAll(async () => {
    server = await startBrokenX402Server();
    database = await createDatabase({ kind: "sqlite", file: ":memory:" });
    // One mirrored index lists the resource with another payTo: the consistency check must say so.
    const listings = async (): Promise<IndexListings[]> => [
      {
        index: "cdp_bazaar",
        mirrored: true,
        mirroredAtMs: Date.parse("2026-11-20T00:00:00Z"),
        note: null,
        resources: [{ resource: `${server.base}/quote`, method: "GET", priceUsd: 0.01, network: "eip155:8453", asset: null, payTo: listedElsewhere, lastUpdatedMs: null }],
      },
      { index: "x402scan", mirrored: false, mirroredAtMs: null, note: "index not mirrored", resources: [] },
    ];
    probe = probeService(database, { allowHosts: ["127.0.0.1"], listingsFor: listings });
  });
  afterAll(async () => {
    await probe.close();
    await database.close();
    await server.close();
  });

  it("finds each defect with its own check, grades D, and stays within its request budget", async () => {
    const report = await probe.service.probe(server.base);
    const byId = Object.fromEntries(report.checks.map((c) => [c.id, c])) as Record<string, ProbeCheck>;
    const statusOf = (id: string) => [id, byId[id].status];

    // 400 before 402: validation runs before the challenge; the example parameters then get the 402.
    expect(statusOf("challenge")).toEqual(["challenge", "fail"]);
    expect(byId.challenge.evidence).toMatch(/unpaid GET \/quote answered 400, expected 402 .*answered 402/);
    // v1 only: terms in the body, no PAYMENT-REQUIRED.
    expect(statusOf("v2-header")).toEqual(["v2-header", "warn"]);
    expect(byId["v2-header"].evidence).toMatch(/x402 v1 only/);
    // Decimal amount.
    expect(statusOf("accepts")).toEqual(["accepts", "fail"]);
    expect(byId.accepts.evidence).toContain('maxAmountRequired "0.01" is not an atomic-unit integer string');
    // No Cache-Control: no-store.
    expect(statusOf("cache")).toEqual(["cache", "warn"]);
    // 5xx on a malformed payment header.
    expect(statusOf("malformed")).toEqual(["malformed", "fail"]);
    expect(byId.malformed.evidence).toMatch(/PAYMENT-SIGNATURE: %%%not-base64 answered 500/);
    // Oversized header block.
    expect(statusOf("hdrsize")).toEqual(["hdrsize", "fail"]);
    expect(byId.hdrsize.evidence).toMatch(/all headers \d{5} bytes: above 16 KiB/);
    // And the rest that this server gets wrong, each with a fix.
    expect(statusOf("cors")).toEqual(["cors", "warn"]);
    expect(statusOf("consistency")).toEqual(["consistency", "warn"]);
    expect(byId.consistency.evidence).toContain(`cdp_bazaar lists payTo ${listedElsewhere}, the 402 says ${BROKEN_PAY_TO}`);
    expect(byId.consistency.evidence).toContain("x402scan (index not mirrored)");
    for (const check of report.checks.filter((c) => c.status === "warn" || c.status === "fail")) expect([check.id, (check.fix ?? "").length > 20]).toEqual([check.id, true]);
    expect(report.grade).toBe("D");
    expect(report.resource).toBe(`${server.base}/quote`);

    // Our own user-agent on every request, at most 10 of them, and never a payment but the two garbage ones.
    expect(server.requests.length).toBeLessThanOrEqual(10);
    expect(report.timings.requests.length).toBe(server.requests.length);
    for (const request of server.requests) expect(request.headers["user-agent"]).toBe(PROBE_USER_AGENT);
    const payments = server.requests.flatMap((r) => ["payment-signature", "x-payment"].filter((h) => r.headers[h] !== undefined).map((h) => `${h}: ${String(r.headers[h])}`));
    expect(payments).toEqual(MALFORMED_PAYMENTS.map((p) => `${p.header.toLowerCase()}: ${p.value}`));
  });
});
