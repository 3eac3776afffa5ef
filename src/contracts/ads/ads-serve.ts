import { z } from "@hono/zod-openapi";
import { AD_PLACEMENTS, keywordTokens } from "../../domain/ad-campaign.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { enumParam } from "../params.js";
import { CLICK_RULE, SELECTION_RULE } from "./ad-rules.js";
import { SponsoredItemSchema } from "./sponsored-item.js";
import exampleJson from "./ads-serve.example.json" with { type: "json" };

const params = z.object({
  placement: enumParam(AD_PLACEMENTS, { description: "The slot being filled (see /api/ads/rate-card)" }),
  keywords: z
    .string()
    .max(500, "must be at most 500 characters")
    .refine((text) => keywordTokens(text).length > 0, "must contain at least one word of 2 or more letters or digits")
    .openapi({ description: "What the page or answer is about: free text or comma-separated words (a router need, topic names, coin symbols)", example: "crypto order book data" }),
});

export type AdsServeParams = z.infer<typeof params>;

const response = z
  .object({
    placement: z.enum(AD_PLACEMENTS),
    keywords: z.array(z.string()).openapi({ description: "The words matched against campaign keywords (lower case, distinct)" }),
    filled: z.boolean().openapi({ description: "False when no campaign was eligible: item is then null" }),
    item: SponsoredItemSchema.nullable(),
    selection_rule: z.string(),
  })
  .openapi("AdServeAnswer");

export const adsServeContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_ads_serve",
  description:
    "One sponsored item for a publisher's slot (free), always marked sponsored: true with the label \"Sponsored\", or an explicit " +
    `empty answer (filled: false, item: null). ${SELECTION_RULE} Each filled answer is one impression, counted and charged against ` +
    `the campaign's budget; an exhausted campaign is never served. ${CLICK_RULE}`,
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: [],
};
