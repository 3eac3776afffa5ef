import MiniSearch from "minisearch";
import { capabilityLabel } from "./capability-label.js";
import { listingKey, type IndexLabel, type ListingTraction, type MirroredResource } from "./mirrored-resource.js";
import { ownValue } from "../../domain/own-value.js";

/** One of our own routes, as the router offers it. */
export interface OwnRoute {
  path: string;
  methods: readonly string[];
  priceUsd: number | null;
  capability: string;
  summary: string;
  description: string;
}

/** Anything the router can recommend: one of our routes or a mirrored listing of another seller. */
export interface RouterCandidate {
  id: string;
  origin: string;
  path: string;
  method: string;
  capability: string;
  priceUsd: number | null;
  ours: boolean;
  description: string;
  /** The full URL a go link redirects to. */
  target: string;
  traction: ListingTraction | null;
  indexes: IndexLabel[];
  tags: string[];
  inputText: string;
}

const STOP_WORDS = new Set(["a", "an", "and", "the", "of", "for", "to", "in", "on", "with", "by", "or", "is", "are", "i", "me", "my", "need", "want", "get", "api", "x402", "http", "https", "www", "com"]);

/**
 * Full-text relevance over our routes and the mirrored listings with MiniSearch (BM25+ scoring) across
 * description, path, tags and the declared input schema. Listings on test networks are left out: they take
 * only test money and are not sellers a caller can buy from.
 */
export class RouterIndex {
  private readonly search: MiniSearch<RouterCandidate>;
  private readonly byId = new Map<string, RouterCandidate>();
  private readonly byTarget = new Map<string, RouterCandidate>();

  /** `ourBaseUrl` is PUBLIC_BASE_URL (it may carry a path prefix); our results show its origin. */
  constructor(ourBaseUrl: string, own: readonly OwnRoute[], listings: readonly MirroredResource[]) {
    for (const candidate of [...own.map((r) => ownCandidate(ourBaseUrl, r)), ...mergeListings(listings)]) {
      if (this.byId.has(candidate.id)) continue;
      this.byId.set(candidate.id, candidate);
      this.byTarget.set(pairKey(candidate.origin, candidate.path), this.byTarget.get(pairKey(candidate.origin, candidate.path)) ?? candidate);
    }
    this.search = new MiniSearch<RouterCandidate>({
      fields: ["description", "path", "tags", "inputText"],
      storeFields: [],
      extractField: (doc, field) => {
        const value = ownValue(doc as unknown as Record<string, unknown>, field);
        return Array.isArray(value) ? value.join(" ") : String(value ?? "");
      },
      processTerm: (term) => {
        const t = term.toLowerCase();
        return STOP_WORDS.has(t) || t.length < 2 ? null : t;
      },
      tokenize: (text) => text.split(/[\s\p{P}\p{S}]+/u),
      searchOptions: {
        boost: { description: 2, tags: 2, path: 1.5, inputText: 0.5 },
        prefix: (term) => term.length >= 4,
        fuzzy: (term) => (term.length >= 7 ? 0.15 : false),
        combineWith: "OR",
      },
    });
    this.search.addAll([...this.byId.values()]);
  }

  /** Candidates matching the need, best first, with their BM25 score. */
  match(need: string): Array<{ candidate: RouterCandidate; score: number }> {
    return this.search.search(need).map((hit) => ({ candidate: this.byId.get(String(hit.id))!, score: hit.score }));
  }

  /** The candidate at exactly this origin and path (a go link's target), if we list one. */
  find(origin: string, path: string): RouterCandidate | undefined {
    return this.byTarget.get(pairKey(origin, path));
  }

  get size(): number {
    return this.byId.size;
  }
}

const pairKey = (origin: string, path: string) => `${origin} ${path}`;

function ownCandidate(ourBaseUrl: string, route: OwnRoute): RouterCandidate {
  return {
    id: `ours ${route.path}`,
    origin: new URL(ourBaseUrl).origin,
    path: route.path,
    method: route.methods.join(", "),
    capability: route.capability,
    priceUsd: route.priceUsd,
    ours: true,
    description: route.summary,
    target: `${ourBaseUrl}${route.path}`,
    traction: null,
    indexes: [],
    tags: [route.capability],
    // The long contract text weighs like a listing's input schema, so its length does not drown the summary.
    inputText: route.description,
  };
}

/** One candidate per listing across indexes (CDP first: it carries the traction counts). */
function mergeListings(listings: readonly MirroredResource[]): RouterCandidate[] {
  const byKey = new Map<string, RouterCandidate>();
  for (const r of listings) {
    if (r.testnet) continue;
    const key = listingKey(r);
    const seen = byKey.get(key);
    if (seen !== undefined) {
      if (!seen.indexes.includes(r.index)) seen.indexes.push(r.index);
      seen.traction ??= r.traction;
      continue;
    }
    const description = r.description ?? "";
    byKey.set(key, {
      id: `listing ${key}`,
      origin: r.origin,
      path: r.path,
      method: r.method ?? "HTTP",
      capability: capabilityLabel(`${description} ${r.path}`, r.tags),
      priceUsd: r.price_usd,
      ours: false,
      description,
      target: r.resource,
      traction: r.traction,
      indexes: [r.index],
      tags: r.tags,
      inputText: r.input_schema === null || r.input_schema === undefined ? "" : JSON.stringify(r.input_schema),
    });
  }
  return [...byKey.values()];
}
