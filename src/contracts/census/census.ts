import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import exampleJson from "./census.example.json" with { type: "json" };

const params = z.object({});
export type CensusParams = z.infer<typeof params>;

const Index = z.enum(["cdp", "x402scan"]);
const PerIndexNumber = z.object({ cdp: z.number().nullable(), x402scan: z.number().nullable() });
const PerIndexTime = z.object({ cdp: z.string().nullable(), x402scan: z.string().nullable() });

const response = z
  .object({
    title: z.string(),
    indexes_mirrored: z.array(Index).openapi({ description: "Indexes with at least one stored crawl; every other figure is computed from these only" }),
    origins_listed: z.number().int(),
    resources_listed: z.number().int().openapi({ description: "Distinct listings (origin, path and query, method) across the mirrored indexes" }),
    headline: z.object({
      listed_in_both_indexes: z.number().int().nullable().openapi({ description: "Origins listed in both; null when only one index is mirrored" }),
      listed_in_only_one: z.number().int().nullable(),
      pct_single_indexed: z.number().nullable(),
      read: z.string(),
    }),
    single_index_breakdown: z.array(z.object({ only_in: Index, origins: z.number().int() })).openapi({ description: "Empty when the overlap cannot be measured (one index mirrored)" }),
    price_disagreements: z.object({
      count: z.number().int().nullable().openapi({ description: "Listings in both indexes with different USD prices; null when only one index is mirrored" }),
      read: z.string(),
      examples: z.array(z.object({ origin: z.string(), path: z.string(), cdp: z.number().optional(), x402scan: z.number().optional() })),
    }),
    listings_not_updated_in_60_days: z.array(
      z.object({
        index: Index,
        resources: z.number().int().openapi({ description: "Listings whose lastUpdated is more than 60 days before that index's crawl" }),
        undated: z.number().int().openapi({ description: "Listings without a parseable lastUpdated (not counted as stale)" }),
        as_of: z.string().openapi({ description: "The crawl time the 60 days count back from" }),
      }),
    ),
    median_price_usd_by_index: PerIndexNumber.openapi({ description: "Median USD price of priced mainnet listings; null when not mirrored (or nothing priced)" }),
    largest_catalogues: z.array(
      z.object({
        origin: z.string(),
        resources: z.number().int(),
        indexes: z.array(Index),
        single_index: z.boolean().nullable().openapi({ description: "null when only one index is mirrored (single-indexing cannot be told)" }),
      }),
    ),
    method: z.string(),
    your_row: z.string().openapi({ description: "This service's own origin in each index, and the probe call that checks any origin" }),
    mirror_freshness: PerIndexTime.openapi({ description: "Crawl time (ISO 8601) of each index's latest stored snapshot; null = not mirrored" }),
  })
  .openapi("DiscoveryCensus");

export const censusContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_census",
  description:
    "Census of the two public x402 discovery indexes (CDP Bazaar and x402scan), computed only from our stored mirrors of each index's own " +
    "listing interface (no listed origin is contacted): origins and listings, overlap headline, single-index breakdown, price " +
    "disagreements with examples, listings not updated in 60 days, median price by index, largest catalogues, method, your_row and the " +
    "crawl time of each mirror. x402scan's listing is itself paid: without MIRROR_WALLET_PRIVATE_KEY it is not mirrored, and then every " +
    "overlap figure is null and says so (it is never reported as 100% single-indexed). The path is ours: the spec names none.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: [],
};
