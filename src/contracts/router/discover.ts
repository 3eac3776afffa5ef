import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { intParam } from "../params.js";
import { needParam } from "./router-params.js";
import exampleJson from "./discover.example.json" with { type: "json" };

const params = z.object({
  need: needParam(),
  limit: intParam({ min: 1, max: 20, default: 10, example: 3, description: "Most results returned (1 to 20)" }),
});
export type DiscoverParams = z.infer<typeof params>;

const TractionSchema = z
  .object({
    calls_30d: z.number().nullable().openapi({ description: "CDP Bazaar quality.l30DaysTotalCalls" }),
    unique_payers_30d: z.number().nullable().openapi({ description: "CDP Bazaar quality.l30DaysUniquePayers" }),
    last_called_at: z.string().nullable(),
    tool_calls: z.number().nullable().openapi({ description: "x402scan _count.toolCalls" }),
  })
  .nullable()
  .openapi("RouterTraction", { description: "Activity counts the indexes report for the listing; null when they give none (our routes, most listings)" });

export const RouterResultSchema = z
  .object({
    origin: z.string().openapi({ description: "scheme://host of the seller (ours: this service's public base URL)" }),
    path: z.string().openapi({ description: "Path (and query) of the resource" }),
    method: z.string().openapi({ description: "HTTP method(s); `HTTP` when the listing does not declare one" }),
    capability: z.string().openapi({ description: "Our route family, or a coarse label from the listing's words (market-data, weather, news-sentiment, ...)" }),
    price_usd: z.number().nullable().openapi({ description: "Decimal USD per call; null when the listing's asset is not one we can price (never guessed)" }),
    ours: z.boolean(),
    description: z.string().openapi({ description: "Cut to 200 characters" }),
    traction: TractionSchema,
    reliability: z.number().openapi({
      description:
        "0 to 1, the estimate the ranking uses: (working x n + 0.5 x 5) / (n + 5) over the last 90 days' observations of the origin " +
        "(outcome reports, one per client and path, latest wins: helped or not; probes: grade A to C working, D or F not), rounded " +
        "to 4 decimals. 0.5 with no observation (reliability_samples 0): unknown, not average",
    }),
    reliability_samples: z.number().int().openapi({ description: "n: the observations behind reliability" }),
    match_score: z.number().openapi({ description: "0 to 1; results are in non-increasing order of it" }),
    go: z.string().openapi({ description: "{base_url}/api/discover/go?to_origin=&to_path=&need=: follow it to reach the seller (recorded as a click)" }),
  })
  .openapi("RouterResult");

const SponsoredSchema = z
  .object({
    origin: z.string(),
    path: z.string(),
    description: z.string(),
    price_usd: z.number().nullable(),
    click_url: z.string(),
    sponsored: z.literal(true),
  })
  .openapi("RouterSponsoredItem");

const response = z
  .object({
    need: z.string(),
    results_found: z.number().int().openapi({ description: "Candidates that matched the need at all (results holds the best `limit` of them)" }),
    results: z.array(RouterResultSchema),
    sponsored: z.array(SponsoredSchema).openapi({ description: "Paid placements, always apart from results and never changing their order; usually empty" }),
    outcome_report: z.object({ how: z.string(), fields: z.array(z.string()) }),
    mirror_freshness: z.record(z.string(), z.string().nullable()).openapi({ description: "Crawl time of each index's mirror the results come from; null = not mirrored" }),
    generated_at: z.string(),
  })
  .openapi("RouterAnswer");

export const discoverContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_discover",
  description:
    "Free. Ranks x402 sellers for a free-text need: this service's own routes and every listing of our mirrors of the public discovery " +
    "indexes (CDP Bazaar; x402scan when mirrored), test-network listings left out. match_score = 0.80 x relevance (MiniSearch BM25+ over " +
    "description, path, tags and declared input schema, relative to the best match) + 0.07 x price (1 / (1 + price/0.05 USD); unpriced 0.5) " +
    "+ 0.08 x traction (log of CDP 30-day calls or x402scan tool calls, relative to the best) + 0.05 x reliability (outcome reports and probes " +
    "shrunk towards 0.5 with a prior of 5 observations, the result's own field), rounded to 4 decimals; ties put our routes first. need: 1 to 500 characters; at most 20 " +
    "results (limit, default 10). Each result's `go` link redirects to the seller (only pairs we list); report what happened with POST " +
    "/api/discover/outcome. `sponsored` holds paid placements, kept apart: they never change the organic order. The need is recorded, " +
    "keyed by a salted client hash (never the address or user-agent), for the aggregate demand reports.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: [],
};
