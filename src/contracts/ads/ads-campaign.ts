import { z } from "@hono/zod-openapi";
import { AD_PLACEMENTS, MAX_BUDGET_USD, MIN_BUDGET_USD } from "../../domain/ad-campaign.js";
import { CREATIVE_LIMITS, creativeTextIssue, normalizeCreativeText, parseCampaignKeywords } from "../../domain/ad-creative-rules.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { enumParam, numberParam } from "../params.js";
import { BUDGET_RULE } from "./ad-rules.js";
import { CampaignSchema, campaignIdParam } from "./campaign-schema.js";
import campaignExample from "./ads-campaign.example.json" with { type: "json" };
import statusExample from "./ads-campaign-status.example.json" with { type: "json" };

const creativeText = (limits: { min: number; max: number }, description: string, example: string) =>
  z
    .string()
    .transform(normalizeCreativeText)
    .superRefine((text, ctx) => {
      const issue =
        text.length < limits.min || text.length > limits.max
          ? `must be ${limits.min} to ${limits.max} characters (after trimming); got ${text.length}`
          : creativeTextIssue(text);
      if (issue !== undefined) ctx.addIssue({ code: "custom", message: issue });
    })
    .openapi({ description, example, type: "string", minLength: limits.min, maxLength: limits.max });

const params = z.object({
  placement: enumParam(AD_PLACEMENTS, { description: "Where the campaign is shown (see /api/ads/rate-card)" }),
  title: creativeText(CREATIVE_LIMITS.title, "Headline of the sponsored item", "Tick-level crypto order books"),
  url: z
    .string()
    .trim()
    .max(CREATIVE_LIMITS.urlMaxLength, `must be at most ${CREATIVE_LIMITS.urlMaxLength} characters`)
    .refine((u) => /^https:\/\//i.test(u), "must be an https URL")
    .openapi({ description: "Destination: https, resolving to public addresses only (checked before the 402)", example: "https://ads.example.com/order-books" }),
  description: creativeText(CREATIVE_LIMITS.description, "One or two sentences shown under the title", "Full-depth order book snapshots for 40 venues, sold per call over x402."),
  keywords: z
    .string()
    .transform((text, ctx) => {
      const parsed = parseCampaignKeywords(text);
      if ("issue" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.issue });
        return z.NEVER;
      }
      return parsed.keywords;
    })
    .openapi({ description: `Comma- or space-separated keywords (${CREATIVE_LIMITS.keywords.min} to ${CREATIVE_LIMITS.keywords.max})`, example: "crypto,orderbook,market-data", type: "string" }),
  budget_usd: numberParam({ min: MIN_BUDGET_USD, max: MAX_BUDGET_USD, description: "The budget, in whole cents; it is also the price of this call", example: 10 }).refine(
    (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
    "must be in whole cents (at most two decimals)",
  ),
});

export type AdsCampaignParams = z.infer<typeof params>;

export const adsCampaignContract: OperationContract<typeof params, typeof CampaignSchema> = {
  operationId: "api_ads_campaign",
  description:
    "Buys a sponsored placement: a prepaid campaign whose price is budget_usd (the 402 asks for exactly that amount). The creative " +
    "is checked before the 402, so a refused one costs nothing: title and description lengths, allowed characters and refused " +
    "content (see /api/ads/rate-card), 1 to 10 keywords, and an https url that passes the SSRF-safe rules (no credentials, default " +
    "port or 8443, no local or rebinding names) and whose host resolves now to public addresses only; the page is not fetched. " +
    `The paying wallet becomes the advertiser. ${BUDGET_RULE} Answers the campaign (state active) with its id; keep the id: ` +
    "GET /api/ads/campaign/status?campaign_id= is the free status check (remaining budget, impressions, clicks, state).",
  params,
  response: CampaignSchema,
  example: documentedExample(CampaignSchema, campaignExample),
  errors: [],
};

const statusParams = z.object({ campaign_id: campaignIdParam });

export type AdsCampaignStatusParams = z.infer<typeof statusParams>;

export const adsCampaignStatusContract: OperationContract<typeof statusParams, typeof CampaignSchema> = {
  operationId: "api_ads_campaign_status",
  description:
    "Free status of one campaign by its campaign_id (a bearer key: only its buyer has it, served items never carry it): state, " +
    "remaining and spent budget, impressions and first clicks so far. An unknown id is a 404.",
  params: statusParams,
  response: CampaignSchema,
  example: documentedExample(CampaignSchema, statusExample),
  errors: ["NOT_FOUND"],
};
