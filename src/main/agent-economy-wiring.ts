/**
 * Adapters between the agent-economy families, kept in the composition layer so no family imports another:
 * the probe and the demand reports read the index mirrors and router events; the router and the rounds
 * listing show the ad network's labelled slot. Each adapter only reshapes; nothing here computes figures.
 */
import type { IndexListings } from "../domain/probe-report.js";
import type { ServedAd } from "../domain/ad-campaign.js";
import { sponsoredItemWire } from "../http/routes/ads/ad-wire.js";
import type { WeeklySponsoredSlot } from "../http/routes/demand/demand-routes.js";
import type { AdServer } from "../services/ads/ad-server.js";
import type { SponsoredFor as RoundsSponsoredFor } from "../services/arena/arena-service.js";
import type { DemandSources } from "../services/demand/demand-sources.js";
import { RELIABILITY_WINDOW_MS, type ReliabilityOf } from "../services/discovery/outcome-reliability.js";
import type { SponsoredFor as RouterSponsoredFor } from "../services/discovery/router-service.js";
import type { ListingsFor } from "../services/probe/probe-service.js";
import type { IndexMirror } from "../storage/repos/index-mirror.js";
import type { ProbeResults } from "../storage/repos/probe-results.js";
import type { RouterEvents } from "../storage/repos/router-events.js";

/** The probe names the indexes as agent-economy.md does. */
const PROBE_INDEX_NAME = { cdp: "cdp_bazaar", x402scan: "x402scan" } as const;

/** The probe's "listings of this origin in each index", from our latest copy of each index. */
export function probeListingsFrom(mirror: IndexMirror): ListingsFor {
  return async (origin) => {
    const [listings, freshness] = await Promise.all([mirror.listingsForOrigin(origin), mirror.freshness()]);
    return freshness.map(
      (f): IndexListings => ({
        index: PROBE_INDEX_NAME[f.index],
        mirrored: f.mirrored,
        mirroredAtMs: f.crawledAtMs,
        note: f.mirrored ? (f.partial ? `partial crawl${f.note === null ? "" : `: ${f.note}`}` : null) : "index not mirrored",
        resources: (listings[f.index] ?? []).map((r) => ({
          resource: r.resource,
          method: r.method,
          priceUsd: r.price_usd,
          network: r.network,
          asset: r.asset,
          payTo: r.pay_to,
          lastUpdatedMs: r.last_updated === null ? null : Date.parse(r.last_updated),
        })),
      }),
    );
  };
}

/** What the demand reports read besides the request log: mirrors, router events and probe results. */
export function demandSourcesFrom(mirror: IndexMirror, routerEvents: RouterEvents, probeResults: ProbeResults): DemandSources {
  return {
    mirroredResources: async () => {
      const both = await Promise.all([mirror.latestResources("cdp"), mirror.latestResources("x402scan")]);
      return both.flat().map((r) => ({
        index: r.index,
        origin: r.origin,
        path: r.path,
        resource: r.resource,
        description: r.description ?? "",
        price_usd: r.price_usd,
        network: r.network ?? "",
        last_updated: r.last_updated,
      }));
    },
    indexFreshness: async () =>
      (await mirror.freshness()).map((f) => ({ index: f.index, mirrored: f.mirrored, mirrored_at: f.crawledAtMs === null ? null : new Date(f.crawledAtMs).toISOString() })),
    routerEvents: async (fromMs, toMs) =>
      (await routerEvents.routerEvents(fromMs))
        .filter((e) => e.atMs < toMs)
        .map((e) => ({
          kind: e.kind,
          clientKey: e.clientKey,
          atMs: e.atMs,
          need: e.need ?? "",
          origin: e.kind === "need" ? null : e.origin,
          path: e.kind === "need" ? null : e.path,
          helped: e.kind === "outcome" ? e.helped : null,
        })),
    probeResults: async (fromMs, toMs) =>
      (await probeResults.recent(fromMs))
        .filter((p) => p.probedAtMs < toMs)
        // A skipped check (nothing to test, or a payment the probe never makes) is not a failure of the origin.
        .map((p) => ({ origin: p.origin, grade: p.grade, probedAtMs: p.probedAtMs, checks: p.checks.map((c) => ({ name: c.id, passed: c.status !== "fail" })) })),
  };
}

/**
 * The router's observed reliability of an origin from both kinds of observation over 90 days: outcome
 * reports (one vote per client and result, as `outcomeReliability` counts them) and probes, where grade A
 * to C is a working x402 endpoint and D or F is not. Each probe is one sample beside the votes.
 */
export function probeAndOutcomeReliability(outcomes: ReliabilityOf, probes: ProbeResults, nowMs: () => number): ReliabilityOf {
  return async (origin) => {
    const [fromOutcomes, grades] = await Promise.all([outcomes(origin), probes.gradesFor(origin, nowMs() - RELIABILITY_WINDOW_MS)]);
    const working = grades.filter((g) => g !== "D" && g !== "F").length;
    const helped = fromOutcomes.reliability === null ? 0 : fromOutcomes.reliability * fromOutcomes.samples;
    const samples = fromOutcomes.samples + grades.length;
    return { reliability: samples === 0 ? null : (helped + working) / samples, samples };
  };
}

/** The router's separate sponsored slot: one labelled ad matched to the need, linked through our click redirect. */
export function routerSponsoredSlot(ads: AdServer, publicBaseUrl: string): RouterSponsoredFor {
  return async (need) => {
    const ad = await ads.serve("router", need);
    if (ad === null) return undefined;
    const url = new URL(ad.url);
    return { origin: url.origin, path: `${url.pathname}${url.search}`, description: `${ad.title}: ${ad.description}`, price_usd: null, click_url: clickUrl(ad, publicBaseUrl) };
  };
}

/** The rounds listing's slot: keywords are the coins the rounds are about. */
export function roundsSponsoredSlot(ads: AdServer, publicBaseUrl: string, coins: readonly string[]): RoundsSponsoredFor {
  return async () => {
    const ad = await ads.serve("arena-rounds", ["arena", "forecast", ...coins.map((c) => c.replace(/^xyz:/, ""))]);
    // The campaign's id stays private (the ad network publishes no per-campaign rows).
    return ad === null ? null : { title: ad.title, url: clickUrl(ad, publicBaseUrl), description: ad.description, campaignId: null };
  };
}

/** The weekly report page's slot, matched to the week's topics. */
export function weeklySponsoredSlot(ads: AdServer, publicBaseUrl: string): WeeklySponsoredSlot {
  return async (topics) => {
    const ad = await ads.serve("what-agents-want", topics.length === 0 ? ["agents"] : topics);
    return ad === null ? null : sponsoredItemWire(ad, publicBaseUrl);
  };
}

const clickUrl = (ad: ServedAd, publicBaseUrl: string) => sponsoredItemWire(ad, publicBaseUrl).click_url;
