import { z } from "@hono/zod-openapi";
import { AD_PLACEMENTS } from "../../domain/ad-campaign.js";
import type { OperationContract } from "../operation-contract.js";
import { rateCardBody } from "./ad-rules.js";

const params = z.object({});

const LengthSchema = z.object({ min_length: z.number().int(), max_length: z.number().int() });

const response = z
  .object({
    currency: z.literal("USD"),
    pricing_model: z.string(),
    placements: z.array(
      z.object({
        placement: z.enum(AD_PLACEMENTS).openapi({ description: "The value to pass as placement to /api/ads/campaign and /api/ads/serve" }),
        name: z.string(),
        surface: z.string().openapi({ description: "Where the sponsored slot appears and how" }),
        cpm_usd: z.number().openapi({ description: "Price per thousand impressions" }),
        impression_price_usd: z.number().openapi({ description: "cpm_usd / 1000: what one impression consumes" }),
      }),
    ),
    budget: z.object({ min_usd: z.number(), max_usd: z.number(), consumption: z.string() }),
    creative: z.object({
      title: LengthSchema,
      description: LengthSchema,
      keywords: z.object({ min: z.number().int(), max: z.number().int(), rule: z.string() }),
      url: z.string(),
      allowed_characters: z.string(),
      refused: z.array(z.string()).openapi({ description: "Content refused at purchase (422)" }),
      enforcement: z.string(),
    }),
    labelling: z.array(z.string()),
    selection: z.string(),
    click_tracking: z.string(),
    buy: z.string(),
  })
  .openapi("AdRateCard");

export const adsRateCardContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_ads_rate_card",
  description:
    "The advertising rate card (free): the three placements (a labelled slot beside the router's results, the what-agents-want " +
    "page, the arena rounds listing) with their price per thousand impressions, the budget rules (a campaign is prepaid: its " +
    "price is its budget, consumed one impression at a time at the placement's CPM / 1000), the content rules enforced at " +
    "purchase, the labelling every surface follows, how a sponsored item is chosen, and how clicks are tracked.",
  params,
  response,
  example: { params: {}, response: rateCardBody() },
  errors: [],
};
