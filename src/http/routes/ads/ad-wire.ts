import { SPONSORED_DISCLOSURE, SPONSORED_LABEL, type SponsoredItem } from "../../../contracts/ads/sponsored-item.js";
import { usdFromMicros, type AdCampaign, type ServedAd } from "../../../domain/ad-campaign.js";

const iso = (ms: number) => new Date(ms).toISOString();

export const campaignStatusPath = (campaignId: string) => `/api/ads/campaign/status?campaign_id=${campaignId}`;

export function campaignWire(c: AdCampaign) {
  return {
    campaign_id: c.id,
    state: c.state,
    placement: c.placement,
    advertiser: c.advertiser,
    title: c.title,
    url: c.url,
    description: c.description,
    keywords: c.keywords,
    budget_usd: usdFromMicros(c.budgetMicros),
    remaining_usd: usdFromMicros(c.remainingMicros),
    spent_usd: usdFromMicros(c.budgetMicros - c.remainingMicros),
    cpm_usd: usdFromMicros(c.impressionPriceMicros * 1000),
    impression_price_usd: usdFromMicros(c.impressionPriceMicros),
    impressions_bought: Math.floor(c.budgetMicros / c.impressionPriceMicros),
    impressions: c.impressions,
    clicks: c.clicks,
    created_at: iso(c.createdAtMs),
    exhausted_at: c.exhaustedAtMs === null ? null : iso(c.exhaustedAtMs),
    status_path: campaignStatusPath(c.id),
  };
}

/**
 * A served ad as every surface shows it. The lead surfaces (router, rounds listing, what-agents-want) put
 * this object in their own `sponsored` field, described by SponsoredItemSchema, never among their results.
 */
export function sponsoredItemWire(ad: ServedAd, publicBaseUrl: string): SponsoredItem {
  return {
    sponsored: true,
    label: SPONSORED_LABEL,
    placement: ad.placement,
    impression_id: ad.impressionId,
    title: ad.title,
    description: ad.description,
    url: ad.url,
    display_host: new URL(ad.url).hostname,
    click_url: `${publicBaseUrl}/api/ads/click?id=${ad.impressionId}`,
    matched_keywords: ad.matchedKeywords,
    served_at: iso(ad.servedAtMs),
    disclosure: SPONSORED_DISCLOSURE,
  };
}
