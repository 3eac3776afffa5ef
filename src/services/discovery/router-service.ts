import { AppError } from "../../domain/app-error.js";
import type { Clock } from "../../domain/clock.js";
import type { RouterEvents } from "../../storage/repos/router-events.js";
import type { LatestListings } from "./latest-listings.js";
import type { IndexLabel, ListingTraction } from "./mirrored-resource.js";
import type { Reliability, ReliabilityOf } from "./outcome-reliability.js";
import { RouterIndex, type OwnRoute, type RouterCandidate } from "./router-index.js";

/** A paid placement from the ad server, shown apart from the organic results. */
export interface SponsoredPlacement {
  origin: string;
  path: string;
  description: string;
  price_usd: number | null;
  /** Where a click goes (the ad server's own tracked link). */
  click_url: string;
}

export type SponsoredFor = (need: string) => Promise<SponsoredPlacement | undefined>;

export interface RankedResult {
  candidate: RouterCandidate;
  matchScore: number;
  /** The reliability estimate the ranking used: observations shrunk towards 0.5 (0.5 without any). */
  reliability: number;
  reliabilitySamples: number;
}

export interface RouterAnswer {
  results: RankedResult[];
  resultsFound: number;
  sponsored: SponsoredPlacement[];
  /** Crawl time (ISO) of each index's snapshot the results come from; null = not mirrored. */
  mirrorFreshness: Record<IndexLabel, string | null>;
}

/** Weights of the final score; relevance dominates so a cheap, popular but unrelated seller never outranks a match. */
export const SCORE_WEIGHTS = { relevance: 0.8, price: 0.07, traction: 0.08, reliability: 0.05 } as const;
/** A price near this scores 0.5 on the price component; free scores 1. */
const PRICE_PIVOT_USD = 0.05;
/** Reports needed before observed reliability weighs as much as the neutral prior of 0.5. */
const RELIABILITY_PRIOR_SAMPLES = 5;

export interface RouterDeps {
  listings: LatestListings;
  events: RouterEvents;
  clock: Clock;
  /** PUBLIC_BASE_URL: where our own routes are reached. */
  ourBaseUrl: string;
  ownRoutes: () => readonly OwnRoute[];
  reliabilityOf: ReliabilityOf;
  sponsoredFor?: SponsoredFor;
}

/**
 * The free provider router: ranks our routes and every mirrored listing for a free-text need, hands out go
 * links that redirect only to pairs it lists, and records needs, clicks and outcome reports (by client key).
 */
export class RouterService {
  private index: { stamp: string; index: RouterIndex; freshness: Record<IndexLabel, string | null> } | undefined;

  constructor(private readonly deps: RouterDeps) {}

  async discover(need: string, limit: number, clientKey: string): Promise<RouterAnswer> {
    const { index, freshness } = await this.current();
    const matches = index.match(need);
    const top = matches[0]?.score ?? 0;
    const maxCalls = Math.max(0, ...matches.map((m) => tractionCount(m.candidate.traction)));
    const known = matches
      .map(({ candidate, score }) => ({
        candidate,
        base:
          SCORE_WEIGHTS.relevance * (top > 0 ? score / top : 0) +
          SCORE_WEIGHTS.price * priceScore(candidate.priceUsd) +
          SCORE_WEIGHTS.traction * (maxCalls > 0 ? Math.log1p(tractionCount(candidate.traction)) / Math.log1p(maxCalls) : 0),
      }))
      .sort((a, b) => b.base - a.base);
    // Reliability adds at most its weight: only candidates that could still reach the top `limit` need it
    // (one look-up per origin, not one per match of a broad need).
    const cutoff = known[limit - 1]?.base ?? Number.NEGATIVE_INFINITY;
    const contenders = known.filter((k) => k.base + SCORE_WEIGHTS.reliability + 1e-4 >= cutoff);
    const reliabilityByOrigin = new Map<string, Promise<Reliability>>();
    const scored = await Promise.all(
      contenders.map(async ({ candidate, base }) => {
        if (!reliabilityByOrigin.has(candidate.origin)) reliabilityByOrigin.set(candidate.origin, this.deps.reliabilityOf(candidate.origin));
        const { reliability: observed, samples } = await reliabilityByOrigin.get(candidate.origin)!;
        const reliability = reliabilityEstimate(observed, samples);
        const value = base + SCORE_WEIGHTS.reliability * reliability;
        return { candidate, matchScore: Math.round(value * 10_000) / 10_000, reliability: Math.round(reliability * 10_000) / 10_000, reliabilitySamples: samples };
      }),
    );
    scored.sort(
      (a, b) =>
        b.matchScore - a.matchScore || Number(b.candidate.ours) - Number(a.candidate.ours) || a.candidate.id.localeCompare(b.candidate.id),
    );
    const sponsored = this.deps.sponsoredFor === undefined ? undefined : await this.deps.sponsoredFor(need);
    await this.deps.events.record({ kind: "need", atMs: this.deps.clock.nowMs(), clientKey, need, resultsFound: matches.length });
    return { results: scored.slice(0, limit), resultsFound: matches.length, sponsored: sponsored === undefined ? [] : [sponsored], mirrorFreshness: freshness };
  }

  /** The URL a go link leads to, after recording the click; 404 for any pair we do not list. */
  async go(origin: string, path: string, need: string | null, clientKey: string): Promise<string> {
    const candidate = (await this.current()).index.find(origin, path);
    if (candidate === undefined) {
      throw new AppError("NOT_FOUND", "to_origin and to_path are not a pair in our index or catalog; use the go links /api/discover returns");
    }
    await this.deps.events.record({ kind: "click", atMs: this.deps.clock.nowMs(), clientKey, need, origin: candidate.origin, path: candidate.path });
    // The Location is built from our stored listing, never echoed from the request.
    return candidate.target;
  }

  async reportOutcome(
    report: { need: string; origin: string; path: string; helped: boolean; paidUsd: number | null; note: string | null },
    clientKey: string,
  ): Promise<{ id: string; recordedAtMs: number; listed: boolean }> {
    const recordedAtMs = this.deps.clock.nowMs();
    const id = await this.deps.events.record({ kind: "outcome", atMs: recordedAtMs, clientKey, ...report });
    return { id, recordedAtMs, listed: (await this.current()).index.find(report.origin, report.path) !== undefined };
  }

  private async current(): Promise<{ index: RouterIndex; freshness: Record<IndexLabel, string | null> }> {
    const { stamp, views } = await this.deps.listings.views();
    if (this.index?.stamp !== stamp) {
      const freshness = Object.fromEntries(
        views.map((v) => [v.freshness.index, v.freshness.crawledAtMs === null ? null : new Date(v.freshness.crawledAtMs).toISOString()]),
      ) as Record<IndexLabel, string | null>;
      this.index = { stamp, index: new RouterIndex(this.deps.ourBaseUrl, this.deps.ownRoutes(), views.flatMap((v) => v.resources)), freshness };
    }
    return this.index;
  }
}

function tractionCount(traction: ListingTraction | null): number {
  return traction?.calls_30d ?? traction?.tool_calls ?? 0;
}

function priceScore(priceUsd: number | null): number {
  return priceUsd === null ? 0.5 : 1 / (1 + priceUsd / PRICE_PIVOT_USD);
}

/**
 * Observed reliability shrunk towards 0.5 by the number of observations behind it: (share x n + 0.5 x 5) / (n + 5),
 * so no observation is 0.5 and one happy report is 0.58, not 1.
 */
function reliabilityEstimate(reliability: number | null, samples: number): number {
  if (reliability === null || samples === 0) return 0.5;
  return (reliability * samples + 0.5 * RELIABILITY_PRIOR_SAMPLES) / (samples + RELIABILITY_PRIOR_SAMPLES);
}
