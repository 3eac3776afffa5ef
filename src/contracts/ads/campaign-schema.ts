import { z } from "@hono/zod-openapi";
import { AD_PLACEMENTS } from "../../domain/ad-campaign.js";

/** A campaign as its advertiser sees it (the purchase answer and the status route). */
export const CampaignSchema = z
  .object({
    campaign_id: z.string().openapi({ description: "cmp_ + 24 hex; keep it: it is the only key to the status route (it is never shown in served items)" }),
    state: z.enum(["active", "exhausted"]).openapi({
      description: "active: served while its remaining budget pays for an impression; exhausted: the budget is spent, it is never served again",
    }),
    placement: z.enum(AD_PLACEMENTS),
    advertiser: z.string().openapi({ description: "The wallet that paid for the campaign (lower case)" }),
    title: z.string(),
    url: z.string(),
    description: z.string(),
    keywords: z.array(z.string()).openapi({ description: "Lower case, distinct, sorted" }),
    budget_usd: z.number(),
    remaining_usd: z.number(),
    spent_usd: z.number().openapi({ description: "impressions * impression_price_usd" }),
    cpm_usd: z.number().openapi({ description: "Price per thousand impressions, locked at purchase" }),
    impression_price_usd: z.number().openapi({ description: "cpm_usd / 1000: what one impression consumes" }),
    impressions_bought: z.number().int().openapi({ description: "budget_usd / impression_price_usd" }),
    impressions: z.number().int().openapi({ description: "Impressions served and charged so far" }),
    clicks: z.number().int().openapi({ description: "First clicks on those impressions (a repeat click on one impression is not counted)" }),
    created_at: z.string(),
    exhausted_at: z.string().nullable(),
    status_path: z.string().openapi({ description: "Free status check of this campaign" }),
  })
  .openapi("AdCampaign");

export const campaignIdParam = z
  .string()
  .regex(/^cmp_[0-9a-f]{24}$/, "must be a campaign id: cmp_ followed by 24 lower-case hex characters")
  .openapi({ description: "The campaign_id answered by /api/ads/campaign", example: "cmp_5f0c6d1e2a3b4c5d6e7f8091" });
