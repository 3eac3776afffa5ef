import { z } from "@hono/zod-openapi";
import { AD_PLACEMENTS } from "../../domain/ad-campaign.js";

export const SPONSORED_LABEL = "Sponsored";

/**
 * One sponsored item as every surface shows it (/api/ads/serve, the router's `sponsored` array, the rounds
 * listing, the what-agents-want page): always `sponsored: true` with its label, never mixed into organic results.
 */
export const SponsoredItemSchema = z
  .object({
    sponsored: z.literal(true).openapi({ description: "Always true: this is a paid placement, not a result" }),
    label: z.literal(SPONSORED_LABEL).openapi({ description: "Show this label next to the item wherever it is displayed" }),
    placement: z.enum(AD_PLACEMENTS),
    impression_id: z.string().openapi({ description: "The charged impression (imp_ + 24 hex)" }),
    title: z.string(),
    description: z.string(),
    url: z.string().openapi({ description: "The advertiser's destination, as bought (https)" }),
    display_host: z.string().openapi({ description: "Host name of url, to show beside the label" }),
    click_url: z.string().openapi({ description: "Our click redirect: answers 302 to url (and only to it), counting the first click of this impression" }),
    matched_keywords: z.array(z.string()).openapi({ description: "The campaign keywords the request matched" }),
    served_at: z.string().openapi({ description: "ISO 8601 time of the impression" }),
    disclosure: z.string(),
  })
  .openapi("SponsoredItem");

export type SponsoredItem = z.infer<typeof SponsoredItemSchema>;

export const SPONSORED_DISCLOSURE =
  "Paid placement bought by the advertiser of display_host, chosen by keyword match and remaining budget; it is not ranked " +
  "against, and never reorders, the organic results. Precedent does not endorse it.";
