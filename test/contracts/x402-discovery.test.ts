import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { loopbackService } from "../support/loopback-service.js";
import { REPO_ROOT, SHARED_PRESENT } from "../support/shared-paths.js";

type Warning = { code: string; severity: string; message: string; path?: string };

const DISCOVERY_CLI = path.join(REPO_ROOT, "node_modules/@agentcash/discovery/bin/discovery.js");

/**
 * The validator x402scan checks registrations with (`@agentcash/discovery`, its own CLI, unmodified) run
 * against the service on a loopback port: it must report no warning but L2_ROUTE_COUNT_HIGH (the contract
 * has more routes than an agent's zero-hop budget; that is the contract's size, not a defect).
 */
describe.skipIf(!SHARED_PRESENT)("x402 discovery conformance (@agentcash/discovery)", () => {
  const loopback = loopbackService();

  it("discovers every served route with no warning but the route count", async () => {
    // Async, so this process keeps serving the requests the validator makes.
    const { stdout } = await promisify(execFile)(process.execPath, [DISCOVERY_CLI, "discover", loopback.base(), "--json"], { maxBuffer: 64 * 1024 * 1024 });
    const report = JSON.parse(stdout) as { ok: boolean; resources: { path: string; authHint?: string }[]; warnings: Warning[] };
    expect(report.ok).toBe(true);
    expect(report.warnings.filter((w) => w.code !== "L2_ROUTE_COUNT_HIGH")).toEqual([]);
    const auth = new Map(report.resources.map((r) => [r.path, r.authHint]));
    expect(auth.get("/get_patterns")).toBe("paid");
    expect(auth.get("/verify_signature")).toBe("unprotected");
  }, 60_000);
});
