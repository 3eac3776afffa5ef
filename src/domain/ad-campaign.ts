/**
 * The advertising network's nouns. Money is integer micro-dollars (USDC has 6 decimals), so budgets and
 * charges add up exactly in SQL. Every placement's impression price divides one cent, so a budget given
 * in whole cents is always spent to the last micro-dollar: nothing is left over that cannot buy an impression.
 */

export const AD_PLACEMENTS = ["router", "what-agents-want", "arena-rounds"] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

export interface PlacementTerms {
  placement: AdPlacement;
  name: string;
  /** Where the sponsored slot appears and how it is shown. */
  surface: string;
  /** Price per thousand impressions, in micro-dollars. */
  cpmMicros: number;
}

export const PLACEMENT_TERMS: Readonly<Record<AdPlacement, PlacementTerms>> = {
  router: {
    placement: "router",
    name: "Router results",
    surface:
      "GET /api/discover: one item in the separate `sponsored` array beside the organic `results`; it never enters `results` and never changes their order or match scores.",
    cpmMicros: 5_000_000,
  },
  "what-agents-want": {
    placement: "what-agents-want",
    name: "What agents want",
    surface: "GET /what-agents-want (page and JSON): one labelled sponsored item outside the ranked demand table.",
    cpmMicros: 2_500_000,
  },
  "arena-rounds": {
    placement: "arena-rounds",
    name: "Arena rounds listing",
    surface: "GET /api/arena/rounds: one labelled sponsored item beside the list of rounds, never inside a round.",
    cpmMicros: 2_000_000,
  },
};

/** The price of one impression (CPM / 1000), in micro-dollars. */
export const impressionPriceMicros = (placement: AdPlacement): number => PLACEMENT_TERMS[placement].cpmMicros / 1000;

export const MICROS_PER_USD = 1_000_000;
export const usdFromMicros = (micros: number): number => micros / MICROS_PER_USD;

export const MIN_BUDGET_USD = 1;
export const MAX_BUDGET_USD = 1000;

/** `active` while the remaining budget buys at least one impression; `exhausted` after the last one (never served again). */
export type CampaignState = "active" | "exhausted";

export interface AdCreative {
  placement: AdPlacement;
  title: string;
  url: string;
  description: string;
  /** Lower-case single-word keywords, distinct, sorted. */
  keywords: string[];
}

export interface AdCampaign extends AdCreative {
  id: string;
  /** The wallet that paid for the campaign. */
  advertiser: string;
  budgetMicros: number;
  /** Locked at purchase: a later rate-card change never reprices a running campaign. */
  impressionPriceMicros: number;
  remainingMicros: number;
  impressions: number;
  clicks: number;
  state: CampaignState;
  createdAtMs: number;
  exhaustedAtMs: number | null;
}

/** One sponsored item as served: the impression that was charged and what to show. */
export interface ServedAd {
  impressionId: string;
  placement: AdPlacement;
  title: string;
  description: string;
  url: string;
  matchedKeywords: string[];
  servedAtMs: number;
}

/**
 * Keywords as the matcher sees them: lower case, split on anything but letters, digits and hyphens, tokens
 * of 2 to 32 characters, duplicates dropped (first occurrence kept).
 */
export function keywordTokens(text: string): string[] {
  const tokens = text
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .map((t) => t.replace(/^-+|-+$/g, ""))
    .filter((t) => t.length >= 2 && t.length <= 32);
  return [...new Set(tokens)];
}
