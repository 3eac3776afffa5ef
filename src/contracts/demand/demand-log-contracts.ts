import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { SponsoredItemSchema } from "../ads/sponsored-item.js";
import {
  ClientBucketSchema,
  ConversionRateSchema,
  DemandFiguresShape,
  PRIVACY_NOTE,
  reportEnvelope,
  UnmetRowSchema,
  windowParam,
} from "./demand-schemas.js";
import aboutExample from "./demand-about.example.json" with { type: "json" };
import topExample from "./demand-top.example.json" with { type: "json" };
import unmetExample from "./demand-unmet.example.json" with { type: "json" };
import conversionExample from "./demand-conversion.example.json" with { type: "json" };
import crawlExample from "./demand-crawl-to-refer.example.json" with { type: "json" };
import weeklyExample from "./what-agents-want.example.json" with { type: "json" };

const windowOnly = z.object({ window: windowParam });
export type WindowParams = z.infer<typeof windowOnly>;

const bucketString = ClientBucketSchema;
const aboutResponse = z
  .object({
    product: z.string(),
    what: z.string(),
    why_it_is_not_replicable: z.string(),
    privacy_policy: z.string(),
    coverage: z.object({
      first_event: z.string().nullable().openapi({ description: "Start of the first UTC day with publishable events (ISO 8601); null on an empty log" }),
      last_event: z.string().nullable().openapi({ description: "End of the last UTC day with publishable events" }),
      days: z.number().int(),
      events: z.number().int(),
      note: z.string(),
    }),
    free_sample: z.object({
      top_3_quoted_endpoints_7d: z.array(
        z.object({ path: z.string(), category: z.string(), quotes: z.number().int(), served: z.number().int(), hits: z.number().int(), buyers: bucketString, intent: z.string() }),
      ),
      overall_conversion_30d: z.object({ quotes: z.number().int(), quoting_clients: bucketString, conversion_rate_pct: z.number(), basis: z.string() }),
      conversion_excluding_monitors_30d: z.object({
        quotes: z.number().int(),
        quoting_clients: bucketString,
        conversion_rate_pct: z.number(),
        monitor_share_of_quotes_pct: z.number(),
        note: z.string(),
      }),
      crawl_to_refer_30d: z.object({
        ai_crawls: z.number().int(),
        assistant_referrals: z.number().int(),
        top_takers: z.array(z.object({ company: z.string(), crawls: z.number().int(), referrals: z.number().int(), crawl_to_refer: z.number().nullable(), mixed_use: z.boolean() })),
        full_cut: z.string(),
      }),
      daily_30d: z.array(z.object({ date: z.string(), requests: z.number().int(), quotes: z.number().int(), ai_crawls: z.number().int() })),
    }),
    paid_endpoints: z.array(z.object({ path: z.string(), price: z.string(), returns: z.string() })),
  })
  .openapi("DemandSample");

export const demandAboutContract: OperationContract<z.ZodObject<{}>, typeof aboutResponse> = {
  operationId: "api_demand_about",
  description:
    "Free sample of the agent-demand reports (companion-api §2): coverage of the request log, the top 3 quoted endpoints of the last 7 days, " +
    "quote-to-pay conversion over 30 days with and without monitors, crawls versus referrals per AI company over 30 days and the daily " +
    "series, and the paid report routes. Top endpoints leave monitors and x402 indexers out. " +
    PRIVACY_NOTE,
  params: z.object({}),
  response: aboutResponse,
  example: documentedExample(aboutResponse, aboutExample),
  errors: [],
};

const topResponse = z
  .object({
    ...reportEnvelope,
    endpoints: z.array(z.object({ path: z.string(), category: z.string(), price_band: z.string(), ...DemandFiguresShape })),
    categories: z.array(z.object({ category: z.string(), ...DemandFiguresShape })),
    totals: z.object({ quotes: z.number().int(), served: z.number().int(), hits: z.number().int() }).openapi({ description: "Sums of the published endpoint rows" }),
  })
  .openapi("DemandTop");

export const demandTopContract: OperationContract<typeof windowOnly, typeof topResponse> = {
  operationId: "api_demand_top",
  description:
    "Observed agent demand for our routes: endpoints and categories (route families) ranked by quotes, then paid calls served, then hits, " +
    "each with client and buyer buckets. Monitors and x402 indexers are left out. price_band: free, under_0.01, 0.01-0.049, 0.05-0.099, " +
    "0.10-0.249, 0.25+ or dynamic (USD per call). " +
    PRIVACY_NOTE,
  params: windowOnly,
  response: topResponse,
  example: documentedExample(topResponse, topExample),
  errors: [],
};

const unmetResponse = z.object({ ...reportEnvelope, build_order: z.array(UnmetRowSchema) }).openapi("DemandUnmet");

export const demandUnmetContract: OperationContract<typeof windowOnly, typeof unmetResponse> = {
  operationId: "api_demand_unmet",
  description:
    "Unmet demand as a build order: paths agents requested that this deployment does not serve (normalised: lower case, no query string, " +
    "identifiers masked as {id}; browser and scanner noise such as /favicon.ico left out), and paid routes that were quoted but never paid for, " +
    "ranked by client bucket, days seen and hits, each with its evidence. Monitors and x402 indexers are left out. " +
    PRIVACY_NOTE,
  params: windowOnly,
  response: unmetResponse,
  example: documentedExample(unmetResponse, unmetExample),
  errors: [],
};

const conversionRow = z.object({ category: z.string(), price_band: z.string(), with_monitors: ConversionRateSchema, excluding_monitors: ConversionRateSchema });
const conversionResponse = z.object({ ...reportEnvelope, rows: z.array(conversionRow), overall: conversionRow, monitors_are: z.string() }).openapi("DemandConversion");

export const MONITORS_ARE =
  "clients whose user-agent declares an uptime, health or trust monitor (UptimeRobot, Pingdom, StatusCake, Better Stack, Checkly, Site24x7) or an x402 indexer (x402scan, AgentCash discovery, x402lint)";

export const demandConversionContract: OperationContract<typeof windowOnly, typeof conversionResponse> = {
  operationId: "api_demand_conversion",
  description:
    "Quote-to-pay conversion by category and price band of our paid routes: 402 quotes, paid calls served and served / quotes, with every " +
    "client and excluding monitors and x402 indexers. overall sums the published rows. " +
    PRIVACY_NOTE,
  params: windowOnly,
  response: conversionResponse,
  example: documentedExample(conversionResponse, conversionExample),
  errors: [],
};

const crawlParams = z.object({
  window: z
    .string()
    .trim()
    .regex(/^\d{1,3}d?$/, "must be a number of days such as 30 or 30d")
    .transform((v) => Number.parseInt(v, 10))
    .refine((days) => days >= 1 && days <= 90, "must be between 1 and 90 days (the log's retention)")
    .default(30)
    .openapi({ description: "Any number of complete UTC days before today, 1 to 90 (the retention): `30`, `30d` or `7d`", example: "30d", type: "string" }),
});
export type CrawlParams = z.infer<typeof crawlParams>;

const crawlResponse = z
  .object({
    ...reportEnvelope,
    ai_crawls: z.number().int(),
    assistant_referrals: z.number().int(),
    companies: z.array(
      z.object({
        company: z.string(),
        crawls: z.number().int(),
        referrals: z.number().int(),
        crawl_to_refer: z.number().nullable().openapi({ description: "crawls / referrals, two decimals; null when referrals are 0" }),
        mixed_use: z.boolean(),
        crawler_clients: ClientBucketSchema,
        referring_clients: ClientBucketSchema,
      }),
    ),
    method: z.string(),
  })
  .openapi("DemandCrawlToRefer");

export const demandCrawlToReferContract: OperationContract<typeof crawlParams, typeof crawlResponse> = {
  operationId: "api_demand_crawl_to_refer",
  description:
    "Every AI company's take versus return: crawls of this service by its crawlers, referrals from its assistants, and the ratio, for any " +
    "window of whole UTC days up to the 90-day retention. The method is in the body. " +
    PRIVACY_NOTE,
  params: crawlParams,
  response: crawlResponse,
  example: documentedExample(crawlResponse, crawlExample),
  errors: [],
};

const weeklyResponse = z
  .object({
    title: z.string(),
    week: z.object({ from: z.string(), to: z.string() }),
    previous_week: z.object({ from: z.string(), to: z.string() }),
    topics: z.array(
      z.object({
        topic: z.string(),
        requests: z.number().int(),
        quotes: z.number().int(),
        clients: ClientBucketSchema,
        previous_requests: z.number().int(),
        change: z.number().int(),
        change_pct: z.number().nullable(),
      }),
    ),
    method: z.string(),
    privacy: z.string(),
    generated_at: z.string(),
    sponsored: SponsoredItemSchema.nullable().openapi({
      description: "The page's labelled ad slot (placement what-agents-want, matched to the week's topics); null when no campaign fills it. Never part of the report's figures",
    }),
  })
  .openapi("WhatAgentsWant");

export const whatAgentsWantContract: OperationContract<z.ZodObject<{}>, typeof weeklyResponse> = {
  operationId: "what_agents_want",
  description:
    "The weekly report of measured agent demand: the top 10 topics agents requested (categories of our routes and of paths we do not serve) " +
    "over the last 7 complete UTC days, with the change against the 7 days before. Browsers (Accept: text/html) get a page with a table and a " +
    "chart; any other Accept, application/json included, gets this JSON. Monitors and x402 indexers are left out. " +
    PRIVACY_NOTE,
  params: z.object({}),
  response: weeklyResponse,
  example: documentedExample(weeklyResponse, weeklyExample),
  errors: [],
};
