import { validationError } from "../../domain/app-error.js";
import type { Clock } from "../../domain/clock.js";
import type { IndexListings, ProbeReport } from "../../domain/probe-report.js";
import type { SafeOutboundClient } from "../../providers/http/safe-outbound-client.js";
import type { ProbeResults } from "../../storage/repos/probe-results.js";
import { OriginBlockedError, runProbe } from "./probe-runner.js";
import { ProbeSession, type ProbeLimits } from "./probe-session.js";

/** The origin's listings in each discovery index we know of (the mirror repository provides it). */
export type ListingsFor = (origin: string) => Promise<IndexListings[]>;

export const PROBE_CACHE_MS = 10 * 60_000;
export const PROBE_LIMITS: ProbeLimits = { maxRequests: 10, totalMs: 45_000 };

export interface ProbeServiceDeps {
  /** The SSRF-safe client, configured with the probe's caps (64 KB bodies, our user-agent). */
  client: SafeOutboundClient;
  results: ProbeResults;
  listingsFor: ListingsFor;
  clock: Clock;
  /** Hosts allowed over plain http (OUTBOUND_ALLOW_HOSTS; tests and development only). */
  allowHosts: readonly string[];
  limits?: ProbeLimits;
  sleep?: (ms: number) => Promise<void>;
}

export type ServedProbe = ProbeReport & { cached: boolean };

/**
 * /api/probe: probes an origin at most once per 10 minutes (the stored result is served in between, on any
 * node), so the probe cannot be used to hammer a third party. Concurrent calls for one origin on a node
 * share one probe.
 */
export class ProbeService {
  private readonly running = new Map<string, Promise<ServedProbe>>();

  constructor(private readonly deps: ProbeServiceDeps) {}

  async probe(rawOrigin: string): Promise<ServedProbe> {
    const origin = this.parseOrigin(rawOrigin);
    // Served while younger than 10 minutes; from the 10th minute on the origin is probed again.
    const cached = await this.deps.results.latestFor(origin.origin, this.deps.clock.nowMs() - PROBE_CACHE_MS + 1);
    if (cached !== undefined) return { ...cached, cached: true };
    const inFlight = this.running.get(origin.origin);
    if (inFlight !== undefined) return inFlight;
    const run = this.probeNow(origin).finally(() => this.running.delete(origin.origin));
    this.running.set(origin.origin, run);
    return run;
  }

  private async probeNow(origin: URL): Promise<ServedProbe> {
    // URL rules and DNS first: a refused origin is the caller's input (422) and is never connected to.
    try {
      await this.deps.client.checkUrl(origin.origin);
    } catch (error) {
      throw blocked(error);
    }
    const session = new ProbeSession(this.deps.client, origin, this.deps.limits ?? PROBE_LIMITS, () => this.deps.clock.nowMs());
    try {
      const report = await runProbe({
        session,
        listings: await this.deps.listingsFor(origin.origin),
        nowMs: () => this.deps.clock.nowMs(),
        sleep: this.deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
        httpAllowed: origin.protocol === "http:",
      });
      await this.deps.results.record(report);
      return { ...report, cached: false };
    } catch (error) {
      // The name passed the check above but its address was refused at connect time (DNS changed in between).
      if (error instanceof OriginBlockedError) throw blocked(error);
      throw error;
    } finally {
      session.close();
    }
  }

  /** An https origin (scheme://host[:port], nothing after it); plain http only for allow-listed hosts. */
  private parseOrigin(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      throw validationError("origin", "expected an origin such as https://api.example.com");
    }
    const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
    const httpAllowed = url.protocol === "http:" && this.deps.allowHosts.includes(host);
    if (url.protocol !== "https:" && !httpAllowed) throw validationError("origin", `expected an https origin, got ${url.protocol.replace(":", "")}`);
    if (url.username !== "" || url.password !== "") throw validationError("origin", "credentials are not allowed in the origin");
    if ((url.pathname !== "/" && url.pathname !== "") || url.search !== "" || url.hash !== "") {
      throw validationError("origin", `expected an origin without path, query or fragment (${url.origin})`);
    }
    return url;
  }
}

function blocked(error: unknown) {
  const reason = (error as { reason?: string }).reason ?? (error instanceof Error ? error.message : String(error));
  if ((error as { code?: string }).code !== "ESSRF" && !(error instanceof OriginBlockedError)) return error;
  return validationError("origin", `this origin may not be probed: ${reason}`);
}
