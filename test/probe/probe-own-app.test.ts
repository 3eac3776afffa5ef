import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECK_IDS } from "../../src/domain/probe-report.js";
import { startPaidService, type PaidService } from "../support/paid-routes.js";

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

  it("grades our service A: every check passes or is skipped with its reason", async () => {
    const { status, body } = await paid.call(`/api/probe?origin=${encodeURIComponent(base)}`);
    console.log(JSON.stringify(body, null, 1));
    expect(status).toBe(200);
    expect(body.checks.map((c: { id: string }) => c.id)).toEqual([...CHECK_IDS]);
    for (const check of body.checks) {
      expect([check.id, check.status]).toEqual([check.id, expect.stringMatching(/^(pass|skip)$/)]);
      expect(check.evidence.length).toBeGreaterThan(10);
    }
    expect(body.grade).toBe("A");
    expect(body.cached).toBe(false);
  });
});
