import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { ClientBucketSchema, PRIVACY_NOTE, reportEnvelope, UnmetRowSchema, windowParam } from "./demand-schemas.js";
import competitorsExample from "./demand-competitors.example.json" with { type: "json" };
import intentExample from "./demand-intent.example.json" with { type: "json" };
import matchesExample from "./demand-matches.example.json" with { type: "json" };
import pricingExample from "./demand-pricing.example.json" with { type: "json" };
import reliabilityExample from "./demand-reliability.example.json" with { type: "json" };

const windowOnly = z.object({ window: windowParam });
const IndexSchema = z.enum(["cdp", "x402scan"]);
const freshness = z
  .array(z.object({ index: IndexSchema, mirrored: z.boolean(), mirrored_at: z.string().nullable() }))
  .openapi({ description: "Each discovery index: whether a mirror of it is held, and when it last completed" });

const competitorsResponse = z
  .object({
    ...reportEnvelope,
    supply_census: z.array(
      z.object({
        category: z.string(),
        resources: z.number().int(),
        origins: z.number().int(),
        by_index: z.record(z.string(), z.number().int()),
        median_price_usd: z.number().nullable(),
        priced_resources: z.number().int(),
      }),
    ),
    index_freshness: freshness,
    ecosystems_calling_us: z.array(z.object({ ecosystem: z.string(), requests: z.number().int(), clients: ClientBucketSchema })),
    note: z.string(),
  })
  .openapi("DemandCompetitors");

export const demandCompetitorsContract: OperationContract<typeof windowOnly, typeof competitorsResponse> = {
  operationId: "api_demand_competitors",
  description:
    "Supply census of the mirrored x402 discovery indexes (CDP Bazaar, x402scan) per category: listings, origins, listings per index and the " +
    "median price; and which agent ecosystems (labels from the user-agent: openai, anthropic, agent-sdk, browser, ...) call us in the window. " +
    "Listings are public and given in full; ecosystem rows follow the privacy rules. When an index is not mirrored, index_freshness says so " +
    "and the census is empty for it. " +
    PRIVACY_NOTE,
  params: windowOnly,
  response: competitorsResponse,
  example: documentedExample(competitorsResponse, competitorsExample),
  errors: [],
};

const intentResponse = z
  .object({
    ...reportEnvelope,
    intents: z.array(
      z.object({
        intent: z.string().openapi({ description: "The cluster: a topic of the need's words (market-data, news-sentiment, weather, search, ...)" }),
        needs: z.number().int(),
        clicks: z.number().int(),
        outcomes: z.number().int(),
        clients: ClientBucketSchema,
        top_terms: z.array(z.string()).openapi({ description: "Words at least 3 distinct clients used; never a whole need" }),
      }),
    ),
  })
  .openapi("DemandIntent");

export const demandIntentContract: OperationContract<typeof windowOnly, typeof intentResponse> = {
  operationId: "api_demand_intent",
  description:
    "Declared intent: the needs agents sent to the router (/api/discover), clustered by topic, with needs, result clicks and outcome reports " +
    "per intent. " +
    PRIVACY_NOTE,
  params: windowOnly,
  response: intentResponse,
  example: documentedExample(intentResponse, intentExample),
  errors: [],
};

const matchesResponse = z
  .object({
    ...reportEnvelope,
    matches: z.array(
      z.object({
        unmet: UnmetRowSchema,
        sellers: z.array(
          z.object({ index: IndexSchema, origin: z.string(), path: z.string(), price_usd: z.number().nullable(), description: z.string(), match_basis: z.string() }),
        ),
      }),
    ),
    index_freshness: freshness,
  })
  .openapi("DemandMatches");

export const demandMatchesContract: OperationContract<typeof windowOnly, typeof matchesResponse> = {
  operationId: "api_demand_matches",
  description:
    "Unmet demand (the /api/demand/unmet build order) crossed against mirrored sellers that could serve it: up to 3 listings per row that share " +
    "words of the path or its category, cheapest first among equals, with the basis of the match. " +
    PRIVACY_NOTE,
  params: windowOnly,
  response: matchesResponse,
  example: documentedExample(matchesResponse, matchesExample),
  errors: [],
};

const pricingResponse = z
  .object({
    ...reportEnvelope,
    categories: z.array(
      z.object({
        category: z.string(),
        our_conversion: z.array(z.object({ price_band: z.string(), quotes: z.number().int(), conversion_rate_pct: z.number().nullable() })),
        competitor_prices: z.object({ resources: z.number().int(), p25_usd: z.number().nullable(), median_usd: z.number().nullable(), p75_usd: z.number().nullable() }),
        suggested_range_usd: z.object({ low: z.number(), high: z.number() }).nullable(),
        basis: z.string(),
      }),
    ),
    index_freshness: freshness,
    rule: z.string(),
  })
  .openapi("DemandPricing");

export const PRICING_RULE =
  "With at least 3 priced competing listings in the category, the suggested range is their interquartile range (p25 to p75); otherwise " +
  "the edges of our price band with the best conversion excluding monitors; otherwise null. Conversion is from our own published rows.";

export const demandPricingContract: OperationContract<typeof windowOnly, typeof pricingResponse> = {
  operationId: "api_demand_pricing",
  description: `Pricing guidance per category: our observed conversion by price band (monitors excluded), competitors' prices in the mirrored indexes, and a suggested price range with its basis. ${PRICING_RULE} ${PRIVACY_NOTE}`,
  params: windowOnly,
  response: pricingResponse,
  example: documentedExample(pricingResponse, pricingExample),
  errors: [],
};

const reliabilityResponse = z
  .object({
    ...reportEnvelope,
    providers: z.array(
      z.object({
        origin: z.string(),
        probe: z.object({
          samples: z.number().int(),
          checks: z.number().int(),
          checks_passed: z.number().int(),
          success_rate: z.number().nullable(),
          latest_grade: z.string().nullable(),
          last_probed_at: z.string().nullable(),
        }),
        outcomes: z.object({ samples: z.number().int(), helped: z.number().int(), success_rate: z.number().nullable(), clients: ClientBucketSchema }),
      }),
    ),
  })
  .openapi("DemandReliability");

export const demandReliabilityContract: OperationContract<typeof windowOnly, typeof reliabilityResponse> = {
  operationId: "api_demand_reliability",
  description:
    "Provider reliability per origin: the share of conformance checks passed in the probe's results (/api/probe) with the number of probes " +
    "and the latest grade, and the share of router outcome reports (/api/discover/outcome) that said the result helped, with sample counts. " +
    "Probe results describe providers and are given in full; outcome reports follow the privacy rules. " +
    PRIVACY_NOTE,
  params: windowOnly,
  response: reliabilityResponse,
  example: documentedExample(reliabilityResponse, reliabilityExample),
  errors: [],
};
