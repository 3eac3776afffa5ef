import { z } from "@hono/zod-openapi";
import { AD_PLACEMENTS } from "../../domain/ad-campaign.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import exampleJson from "./ads-network.example.json" with { type: "json" };

const params = z.object({});

const ActivitySchema = z
  .object({
    impressions: z.number().int(),
    clicks: z.number().int().openapi({ description: "Impressions of the window that were clicked (first clicks)" }),
    fill_rate: z.number().nullable().openapi({ description: "Filled serve requests / serve requests; null without requests" }),
    click_through_rate: z.number().nullable().openapi({ description: "clicks / impressions; null without impressions" }),
    advertisers: z.string().openapi({ description: "Distinct advertisers behind these impressions, as a bucket: 3-9, 10-24, 25-49, 50-99, 100+" }),
  })
  .nullable()
  .openapi("AdActivity", { description: "null (withheld) when fewer than 3 distinct advertisers had impressions here in the window" });

const response = z
  .object({
    window: z.object({ days: z.number().int(), from: z.string(), to: z.string() }),
    campaigns: z
      .object({
        active: z.number().int(),
        exhausted: z.number().int(),
        advertisers: z.string().openapi({ description: "Distinct advertisers owning campaigns, as a bucket" }),
      })
      .nullable()
      .openapi({ description: "All campaigns ever bought; null (withheld) while fewer than 3 distinct advertisers own them" }),
    placements: z.array(
      z.object({
        placement: z.enum(AD_PLACEMENTS),
        serve_requests: z.number().int().openapi({ description: "Serve requests in the window, filled or not (our own traffic: always published)" }),
        activity: ActivitySchema,
      }),
    ),
    total: z.object({
      serve_requests: z.number().int(),
      activity: ActivitySchema,
      placements_included: z.array(z.enum(AD_PLACEMENTS)).openapi({ description: "The placements whose activity is published and summed in activity" }),
    }),
    privacy: z.string(),
  })
  .openapi("AdNetworkStats");

export const ADS_PRIVACY_NOTE =
  "Aggregates only, under the demand reports' rules: no row per campaign or per advertiser and no wallet, ever; advertiser " +
  "counts only as buckets (3-9, 10-24, 25-49, 50-99, 100+); any figure resting on fewer than 3 distinct advertisers is withheld " +
  "(null), and totals sum the published placements only, so a withheld placement cannot be recovered by subtraction.";

export const adsNetworkContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_ads_network",
  description:
    "Aggregate statistics of the ad network (free) over the last 30 UTC days, today included: campaigns by state, and per " +
    `placement the serve requests, impressions, first clicks, fill rate and click-through rate. ${ADS_PRIVACY_NOTE}`,
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: [],
};
