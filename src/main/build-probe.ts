import type { Config } from "../config/config.js";
import type { Clock } from "../domain/clock.js";
import type { IndexListings } from "../domain/probe-report.js";
import type { RouteModule } from "../http/route-module.js";
import { probeRoute } from "../http/routes/probe/probe.js";
import { createSafeOutboundClient, type Resolve } from "../providers/http/safe-outbound-client.js";
import { PROBE_LIMITS, ProbeService, type ListingsFor } from "../services/probe/probe-service.js";
import type { Database } from "../storage/create-database.js";
import { ProbeResults } from "../storage/repos/probe-results.js";

export interface ProbeDeps {
  config: Readonly<Config>;
  database: Database;
  clock: Clock;
  /** Test seam: DNS for the probe's outbound client. */
  resolve?: Resolve;
  /** The mirrors' `listingsForOrigin`, once they are wired; until then every index says it is not mirrored. */
  listingsFor?: ListingsFor;
}

const PROBE_MAX_BODY_BYTES = 64 * 1024;
/** Large enough to read (and report) the oversized PAYMENT-REQUIRED headers some merchants send. */
const PROBE_MAX_HEADER_BYTES = 64 * 1024;

/** Honest until the mirrors are connected: no copy of either index, so nothing is said about listings. */
const indexesNotMirrored: ListingsFor = async () =>
  ["cdp_bazaar", "x402scan"].map((index): IndexListings => ({ index, mirrored: false, mirroredAtMs: null, note: "index not mirrored", resources: [] }));

/** /api/probe: the conformance probe, its own SSRF-safe client (probe caps, probe user-agent) and its result store. */
export function buildProbe(deps: ProbeDeps): { routes: RouteModule[]; close(): Promise<void> } {
  const userAgent = `Mozilla/5.0 (compatible; PrecedentProbe/1.0; +${deps.config.publicBaseUrl}/openapi.json)`;
  const client = createSafeOutboundClient({
    allowHosts: deps.config.outboundAllowHosts,
    resolve: deps.resolve,
    maxResponseBytes: PROBE_MAX_BODY_BYTES,
    maxHeaderBytes: PROBE_MAX_HEADER_BYTES,
    userAgent,
  });
  const service = new ProbeService({
    client,
    results: new ProbeResults(deps.database.db),
    listingsFor: deps.listingsFor ?? indexesNotMirrored,
    clock: deps.clock,
    allowHosts: deps.config.outboundAllowHosts,
  });
  return {
    routes: [probeRoute(service, { ...PROBE_LIMITS, maxBodyBytes: PROBE_MAX_BODY_BYTES, userAgent })],
    close: () => client.close(),
  };
}
