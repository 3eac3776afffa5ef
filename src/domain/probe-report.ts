/**
 * The conformance probe's answer for one origin (/api/probe): what was checked, what was found, and how to
 * fix it. Stored per probe (probe_results) and read back by the cache and the demand reports.
 */

export type CheckStatus = "pass" | "warn" | "fail" | "skip";

/** The checks of agent-economy.md section 2, in the order they are reported. */
export const CHECK_IDS = [
  "reach",
  "wellknown",
  "ownership",
  "openapi",
  "challenge",
  "v2-header",
  "accepts",
  "asset",
  "bazaar",
  "consistency",
  "cache",
  "cors",
  "malformed",
  "hdrsize",
  "docs",
  "receipt",
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

export interface ProbeCheck {
  id: CheckId;
  status: CheckStatus;
  /** What was seen (status codes, header values, field paths): the reason for the status. */
  evidence: string;
  /** What to change, for warn and fail; null otherwise. */
  fix: string | null;
}

export type Grade = "A" | "B" | "C" | "D" | "F";

/** One resource of an origin as a discovery index lists it (prices in USD, networks in CAIP-2). */
export interface ListedResource {
  resource: string;
  method: string | null;
  priceUsd: number | null;
  network: string | null;
  asset: string | null;
  payTo: string | null;
  lastUpdatedMs: number | null;
}

/** The origin's listings in one discovery index; `mirrored: false` means we hold no copy of that index. */
export interface IndexListings {
  index: string;
  mirrored: boolean;
  /** When our copy of the index was taken; null when not mirrored. */
  mirroredAtMs: number | null;
  note: string | null;
  resources: ListedResource[];
}

export interface RequestTiming {
  check: CheckId;
  method: string;
  path: string;
  /** HTTP status, or null when no answer came (timeout, refused, too large). */
  status: number | null;
  ms: number;
}

export interface ProbeReport {
  origin: string;
  probedAtMs: number;
  grade: Grade;
  /** The paid resource whose 402 was examined; null when none was found. */
  resource: string | null;
  checks: ProbeCheck[];
  listings: IndexListings[];
  timings: { totalMs: number; requests: RequestTiming[] };
}
