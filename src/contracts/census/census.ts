import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import exampleJson from "./census.example.json" with { type: "json" };

const params = z.object({});
export type CensusParams = z.infer<typeof params>;

const Index = z.enum(["cdp", "x402scan"]);
const PerIndexNumber = z.object({ cdp: z.number().optional(), x402scan: z.number().optional() });
const PerIndexTime = z.object({ cdp: z.string().optional(), x402scan: z.string().optional() });

const response = z
  .object({
    title: z.string(),
    indexes_mirrored: z.array(Index).openapi({ description: "Indexes with at least one stored crawl; every other figure is computed from these only" }),
    indexes_missing: z.array(Index).openapi({ description: "Indexes not mirrored, which every figure leaves out (x402scan's listing is paid: it needs MIRROR_WALLET_PRIVATE_KEY)" }),
    origins_listed: z.number().int(),
    resources_listed: z.number().int().openapi({ description: "Distinct listings (origin, path and query, method) across the mirrored indexes" }),
    headline: z.object({
      listed_in_both_indexes: z.number().int().openapi({ description: "Origins listed in both mirrored indexes (0 while one is missing: a lower bound)" }),
      listed_in_only_one: z.number().int().openapi({ description: "Origins listed in only one mirrored index (with one missing, every origin seen: an upper bound)" }),
      pct_single_indexed: z.number().openapi({ description: "listed_in_only_one over origins_listed, percent, 1 decimal" }),
      read: z.string().openapi({ description: "The headline in a sentence, naming a missing index and what it does to the counts" }),
    }),
    single_index_breakdown: z.array(z.object({ only_in: Index, origins: z.number().int() })).openapi({ description: "One row per mirrored index" }),
    price_disagreements: z.object({
      count: z.number().int().openapi({ description: "Listings in both indexes with different USD prices (0 while one index is missing; read says so)" }),
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
    median_price_usd_by_index: PerIndexNumber.openapi({ description: "Median USD price of priced mainnet listings, for each mirrored index that has any" }),
    largest_catalogues: z.array(
      z.object({
        origin: z.string(),
        resources: z.number().int(),
        indexes: z.array(Index),
        single_index: z.boolean().openapi({ description: "Listed in only one of the mirrored indexes (with one missing, always true: see indexes_missing)" }),
      }),
    ),
    method: z.string(),
    your_row: z.string().openapi({ description: "This service's own origin in each index, and the probe call that checks any origin" }),
    mirror_freshness: PerIndexTime.openapi({ description: "Crawl time (ISO 8601) of each mirrored index's latest stored snapshot" }),
  })
  .openapi("DiscoveryCensus");

export const censusContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_census",
  description:
    "Census of the two public x402 discovery indexes (CDP Bazaar and x402scan), computed only from our stored mirrors of each index's own " +
    "listing interface (no listed origin is contacted): origins and listings, overlap headline, single-index breakdown, price " +
    "disagreements with examples, listings not updated in 60 days, median price by index, largest catalogues, method, your_row and the " +
    "crawl time of each mirror. x402scan's listing is itself paid: without MIRROR_WALLET_PRIVATE_KEY it is not mirrored; every figure is then " +
    "computed over CDP alone, indexes_missing names x402scan and each read says what that does to the counts. With no index " +
    "mirrored the answer is 404 NO_DATA, not charged. The path is ours: the spec names none.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["NO_DATA"],
};
