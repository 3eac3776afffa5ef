import {
  AD_PLACEMENTS,
  impressionPriceMicros,
  MAX_BUDGET_USD,
  MIN_BUDGET_USD,
  PLACEMENT_TERMS,
  usdFromMicros,
} from "../../domain/ad-campaign.js";
import { ALLOWED_CHARACTERS, CREATIVE_LIMITS, REFUSED_CONTENT } from "../../domain/ad-creative-rules.js";
import { SPONSORED_LABEL } from "./sponsored-item.js";

/** The published rules of the ad network: the rate card answers with these, the route descriptions quote them. */

export const SELECTION_RULE =
  "Eligible: active campaigns bought for this placement whose remaining budget pays for one impression and that share at least one " +
  "keyword with the request (whole words, case-insensitive). Chosen: the most keywords matched, then the largest share of its " +
  "budget still unspent (so equally matched campaigns share impressions in proportion to their budgets: each impression lowers " +
  "the share of the one shown), then the most remaining budget, then the oldest campaign. " +
  "The chosen campaign is charged one impression at its locked price (CPM / 1000) by the same database statement that checks " +
  "it can still pay; if a concurrent serve drained it first, the next candidate is tried. No eligible campaign: no fill.";

export const BUDGET_RULE =
  `The campaign's price is its budget: budget_usd, ${MIN_BUDGET_USD.toFixed(2)} to ${MAX_BUDGET_USD.toFixed(2)} USD in whole cents, paid once ` +
  "with x402 (or MPP) when it is bought. Each impression consumes the placement's CPM / 1000 from the remaining budget, at the CPM " +
  "locked when the campaign was bought; clicks cost nothing. Every impression price divides one cent, so a budget is spent to the " +
  "last micro-dollar: the campaign turns exhausted with its final impression and is never served again. A campaign has no end " +
  "date; budgets are not refunded and cannot be topped up (buy another campaign).";

export const LABELLING_RULES: readonly string[] = [
  `Every served item carries sponsored: true and label "${SPONSORED_LABEL}", plus the advertiser's host (display_host) and a disclosure.`,
  "Sponsored items travel in their own field (the router's `sponsored` array, a `sponsored` slot on the rounds listing and the " +
    "what-agents-want page), never inside organic results: they never change the order, scores or count of the router's results.",
  `A surface that shows the item shows the "${SPONSORED_LABEL}" label with it; the item's text is shown as bought, never edited.`,
  "The advertiser's wallet is never shown with an item or in network statistics.",
];

export const CLICK_RULE =
  "click_url (/api/ads/click?id=<impression_id>) answers 302 to the campaign's stored https url and nowhere else (it takes no " +
  "destination parameter); an unknown id is a 404. The first click of an impression is counted; repeats and HEAD requests are not; clicks are free.";

/** The rate card body: static, built from the same tables the network enforces. */
export function rateCardBody() {
  return {
    currency: "USD" as const,
    pricing_model: "CPM: price per thousand impressions, consumed from a prepaid campaign budget",
    placements: AD_PLACEMENTS.map((placement) => ({
      placement,
      name: PLACEMENT_TERMS[placement].name,
      surface: PLACEMENT_TERMS[placement].surface,
      cpm_usd: usdFromMicros(PLACEMENT_TERMS[placement].cpmMicros),
      impression_price_usd: usdFromMicros(impressionPriceMicros(placement)),
    })),
    budget: { min_usd: MIN_BUDGET_USD, max_usd: MAX_BUDGET_USD, consumption: BUDGET_RULE },
    creative: {
      title: { min_length: CREATIVE_LIMITS.title.min, max_length: CREATIVE_LIMITS.title.max },
      description: { min_length: CREATIVE_LIMITS.description.min, max_length: CREATIVE_LIMITS.description.max },
      keywords: {
        min: CREATIVE_LIMITS.keywords.min,
        max: CREATIVE_LIMITS.keywords.max,
        rule: `comma- or space-separated words of ${CREATIVE_LIMITS.keywords.minLength} to ${CREATIVE_LIMITS.keywords.maxLength} letters, digits or inner hyphens; matched as whole words, case-insensitive`,
      },
      url: `https only, at most ${CREATIVE_LIMITS.urlMaxLength} characters, default port or 8443, no credentials, no local or rebinding host names, and a host that resolves to public addresses only (checked when bought)`,
      allowed_characters: ALLOWED_CHARACTERS,
      refused: [...REFUSED_CONTENT.map((r) => r.rule), "text written in capitals"],
      enforcement: "Checked mechanically when a campaign is bought: a refused creative answers 422 before any payment is asked for. Creatives are not reviewed by hand.",
    },
    labelling: [...LABELLING_RULES],
    selection: SELECTION_RULE,
    click_tracking: CLICK_RULE,
    buy: "GET or POST /api/ads/campaign with placement, title, url, description, keywords and budget_usd (the price is budget_usd)",
  };
}
