import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeContract } from "../../src/contracts/probe/probe.js";
import { CHECK_IDS } from "../../src/domain/probe-report.js";
import { checkHeaderSize } from "../../src/services/probe/terms-checks.js";
import { expectValidationFailures, startPaidService, type PaidService } from "../support/paid-routes.js";
import { queryOf } from "../support/query-of.js";

/**
 * The probe against our own service on a loopback socket: the service probes itself (PUBLIC_BASE_URL is the
 * loopback origin, which OUTBOUND_ALLOW_HOSTS lets the probe reach over plain http; tests only).
 */
describe("/api/probe against our own service on loopback", () => {
  let server: ServerType;
  let base = "";
  let paid: PaidService;
  beforeAll(async () => {
    let fetchApp: ((request: Request) => Response | Promise<Response>) | undefined;
    server = serve({ fetch: (request) => fetchApp!(request), port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    paid = await startPaidService({ env: { PUBLIC_BASE_URL: base, OUTBOUND_ALLOW_HOSTS: "127.0.0.1" }, importRecordings: false });
    fetchApp = (request) => paid.service.app.fetch(request);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await paid?.service.close();
  });

  it("grades our service A: every check passes or is skipped with its reason; a second call within 10 minutes is the stored result", async () => {
    const { status, body } = await paid.call(`/api/probe?origin=${encodeURIComponent(base)}`);
    expect(status).toBe(200);
    expect(body.checks.map((c: { id: string }) => c.id)).toEqual([...CHECK_IDS]);
    for (const check of body.checks) {
      expect([check.id, check.status]).toEqual([check.id, expect.stringMatching(/^(pass|skip)$/)]);
      expect(check.evidence.length).toBeGreaterThan(10);
    }
    expect(body.grade).toBe("A");
    expect(body.cached).toBe(false);
    expect(body.resource).toBe(`${base}/api`);
    expect(body.listings.map((l: { index: string; mirrored: boolean }) => [l.index, l.mirrored])).toEqual([["cdp_bazaar", false], ["x402scan", false]]);
    expect(body.timings.requests.length).toBeLessThanOrEqual(10);

    // The documented example is this probe, recorded (origin renamed): same checks, statuses and grade.
    const example = probeContract.example.response;
    expect(example.checks.map((c) => [c.id, c.status])).toEqual(body.checks.map((c: { id: string; status: string }) => [c.id, c.status]));
    expect(example.grade).toBe(body.grade);

    const again = await paid.call(`/api/probe?origin=${encodeURIComponent(`${base}/`)}`);
    expect(again.body).toEqual({ ...body, cached: true });
  });

  it("every 402 of ours passes the probe's header-size check (PAYMENT-REQUIRED under 8 KiB)", async () => {
    const wellKnown = (await (await paid.service.app.request("/.well-known/x402")).json()) as { resources: string[] };
    expect(wellKnown.resources.length).toBeGreaterThan(20);
    const doc = (await (await paid.service.app.request("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: { "application/json": { example?: Record<string, unknown> } } } }>>;
    };
    for (const resource of wellKnown.resources) {
      const path = new URL(resource).pathname;
      // A dynamically priced route quotes only valid parameters: it is asked with its documented example.
      const example = doc.paths[path]?.post?.requestBody?.content["application/json"].example ?? {};
      const query = queryOf(example);
      const res = await paid.service.app.request(query === "" ? path : `${path}?${query}`);
      const headers = Object.fromEntries([...res.headers.entries()]);
      const check = checkHeaderSize({ url: resource, status: res.status, headers, body: new Uint8Array(), redirects: [] });
      expect([resource, res.status, check.status]).toEqual([resource, 402, "pass"]);
    }
  });

  it("answers 422 naming origin for anything but an https origin, or one the SSRF policy refuses, and charges nothing", async () => {
    const probe = (origin: string) => `/api/probe?origin=${encodeURIComponent(origin)}`;
    await expectValidationFailures(
      { call: paid.call, payer: () => paid.payer },
      [
        [probe("api.example.com"), "origin"],
        [probe("http://api.example.com"), "origin"],
        [probe("ftp://api.example.com"), "origin"],
        [probe("https://api.example.com/quote"), "origin"],
        [probe("https://user:pw@api.example.com"), "origin"],
        [probe("https://10.0.0.1"), "origin"],
        [probe("https://169.254.169.254"), "origin"],
        [probe("https://[::ffff:127.0.0.1]"), "origin"],
        [probe("https://metadata.google.internal"), "origin"],
        [probe("https://does-not-resolve.example"), "origin"],
        ["/api/probe", "origin"],
      ],
    );
  });
});
