import type { IndexListings } from "../../src/domain/probe-report.js";
import { createSafeOutboundClient, type Resolve } from "../../src/providers/http/safe-outbound-client.js";
import { ProbeService, type ListingsFor } from "../../src/services/probe/probe-service.js";
import type { ProbeLimits } from "../../src/services/probe/probe-session.js";
import type { Database } from "../../src/storage/create-database.js";
import { ProbeResults } from "../../src/storage/repos/probe-results.js";
import { FakeClock } from "../support/fake-clock.js";

export const PROBE_USER_AGENT = "Mozilla/5.0 (compatible; PrecedentProbe/1.0; +http://precedent.test/openapi.json)";

export const notMirrored: ListingsFor = async () =>
  ["cdp_bazaar", "x402scan"].map((index): IndexListings => ({ index, mirrored: false, mirroredAtMs: null, note: "index not mirrored", resources: [] }));

/**
 * The probe service as build-probe wires it (64 KB bodies, 64 KB headers, our user-agent), on a given
 * database, with test DNS, allow-listed hosts and a fake clock; no retries wait for real.
 */
export function probeService(database: Database, options: { resolve?: Resolve; allowHosts?: string[]; httpsPorts?: number[]; listingsFor?: ListingsFor; limits?: ProbeLimits } = {}) {
  const clock = new FakeClock(Date.parse("2026-11-20T12:00:00Z"));
  const client = createSafeOutboundClient({
    allowHosts: options.allowHosts ?? [],
    httpsPorts: options.httpsPorts,
    resolve: options.resolve ?? (async () => Promise.reject(new Error("no DNS in tests"))),
    maxResponseBytes: 64 * 1024,
    maxHeaderBytes: 64 * 1024,
    userAgent: PROBE_USER_AGENT,
  });
  const service = new ProbeService({
    client,
    results: new ProbeResults(database.db),
    listingsFor: options.listingsFor ?? notMirrored,
    clock,
    allowHosts: options.allowHosts ?? [],
    sleep: async () => undefined,
    limits: options.limits,
  });
  return { service, clock, close: () => client.close() };
}
