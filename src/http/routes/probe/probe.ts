import { GRADING, probeContract, type ProbeParams } from "../../../contracts/probe/probe.js";
import type { ProbeLimits } from "../../../services/probe/probe-session.js";
import { PROBE_CACHE_MS, type ProbeService, type ServedProbe } from "../../../services/probe/probe-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

export interface ProbeWireLimits extends ProbeLimits {
  maxBodyBytes: number;
  userAgent: string;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function probeRoute(service: ProbeService, limits: ProbeWireLimits): RouteModule {
  return operationRoute(probeContract, async (params: ProbeParams) => probeWire(await service.probe(params.origin), limits));
}

function probeWire(report: ServedProbe, limits: ProbeWireLimits) {
  return {
    origin: report.origin,
    probed_at: new Date(report.probedAtMs).toISOString(),
    cached: report.cached,
    grade: report.grade,
    grading: GRADING,
    resource: report.resource,
    checks: report.checks,
    listings: report.listings.map((l) => ({
      index: l.index,
      mirrored: l.mirrored,
      mirrored_at: iso(l.mirroredAtMs),
      note: l.note,
      resources: l.resources.map((r) => ({
        resource: r.resource,
        method: r.method,
        price_usd: r.priceUsd,
        network: r.network,
        asset: r.asset,
        pay_to: r.payTo,
        last_updated: iso(r.lastUpdatedMs),
      })),
    })),
    timings: { total_ms: Math.round(report.timings.totalMs), requests: report.timings.requests.map((t) => ({ ...t, ms: Math.round(t.ms) })) },
    limits: {
      max_requests: limits.maxRequests,
      total_seconds: limits.totalMs / 1000,
      max_body_bytes: limits.maxBodyBytes,
      cache_seconds: PROBE_CACHE_MS / 1000,
      user_agent: limits.userAgent,
    },
  };
}
