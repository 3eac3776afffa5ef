/**
 * What the demand reports read besides the request log, from the parts of the service that own it: the
 * mirrored discovery indexes and the router (the discovery issue) and the probe. A narrow port, so the reports
 * do not depend on how those store their data. Until they are connected, the composition root wires an
 * implementation that honestly says "not mirrored" and returns nothing.
 */

export type IndexLabel = "cdp" | "x402scan";

/** One listing of a mirrored index, normalised (agent-economy.md §1c). */
export interface MirroredResource {
  index: IndexLabel;
  origin: string;
  path: string;
  resource: string;
  description: string;
  /** USD per call; null when the asset or amount could not be read. */
  price_usd: number | null;
  network: string;
  /** ISO 8601; null when the index gives none. */
  last_updated: string | null;
}

export interface IndexFreshness {
  index: IndexLabel;
  mirrored: boolean;
  /** When the mirror last completed (ISO 8601); null when it never has. */
  mirrored_at: string | null;
}

/** A router event: a need asked (`/api/discover`), a result clicked (`/go`), an outcome reported. */
export interface RouterEvent {
  kind: "need" | "click" | "outcome";
  /** The same keyed client hash as the request log's (never a wallet or an address). */
  clientKey: string;
  atMs: number;
  need: string;
  origin: string | null;
  path: string | null;
  /** Outcomes only: whether the chosen result helped. */
  helped: boolean | null;
}

export interface ProbeCheck {
  name: string;
  passed: boolean;
}

export interface ProbeResult {
  origin: string;
  grade: string;
  checks: readonly ProbeCheck[];
  probedAtMs: number;
}

export interface DemandSources {
  mirroredResources(): Promise<readonly MirroredResource[]>;
  indexFreshness(): Promise<readonly IndexFreshness[]>;
  routerEvents(fromMs: number, toMs: number): Promise<readonly RouterEvent[]>;
  probeResults(fromMs: number, toMs: number): Promise<readonly ProbeResult[]>;
}
