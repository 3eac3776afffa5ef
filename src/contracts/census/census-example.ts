// The real answer of the example deployment (the recorded CDP crawl imported; x402scan not mirrored), replayed by
// test/contracts/documented-examples.test.ts.
export const CENSUS_EXAMPLE = {
  params: {},
  response: {
    "title": "Census of the public x402 discovery indexes",
    "indexes_mirrored": [
      "cdp"
    ],
    "origins_listed": 359,
    "resources_listed": 1398,
    "headline": {
      "listed_in_both_indexes": null,
      "listed_in_only_one": null,
      "pct_single_indexed": null,
      "read": "Overlap not measured: x402scan not mirrored. Only cdp is mirrored, so no origin can be compared across indexes."
    },
    "single_index_breakdown": [],
    "price_disagreements": {
      "count": null,
      "read": "Not measured: x402scan not mirrored; a disagreement needs the same listing in both indexes.",
      "examples": []
    },
    "listings_not_updated_in_60_days": [
      {
        "index": "cdp",
        "resources": 15,
        "undated": 0,
        "as_of": "2025-12-31T00:34:27.045Z"
      }
    ],
    "median_price_usd_by_index": {
      "cdp": 0.01111,
      "x402scan": null
    },
    "largest_catalogues": [
      {
        "origin": "https://api-dev.intra-tls2.dctx.link",
        "resources": 246,
        "indexes": [
          "cdp"
        ],
        "single_index": null
      },
      {
        "origin": "https://api.questflow.ai",
        "resources": 188,
        "indexes": [
          "cdp"
        ],
        "single_index": null
      },
      {
        "origin": "https://grapevine.dev-mypinata.cloud",
        "resources": 55,
        "indexes": [
          "cdp"
        ],
        "single_index": null
      },
      {
        "origin": "https://mesh.heurist.xyz",
        "resources": 41,
        "indexes": [
          "cdp"
        ],
        "single_index": null
      },
      {
        "origin": "https://b9c7a16b-b90f-4d3c-b73c-bb8d49f9a8fd-00-2zmwe913s9fbf.picard.replit.dev",
        "resources": 26,
        "indexes": [
          "cdp"
        ],
        "single_index": null
      },
      {
        "origin": "https://gateway.grapevine.fyi",
        "resources": 23,
        "indexes": [
          "cdp"
        ],
        "single_index": null
      },
      {
        "origin": "https://api-staging.intra-tls2.dctx.link",
        "resources": 22,
        "indexes": [
          "cdp"
        ],
        "single_index": null
      },
      {
        "origin": "https://pay.x402labs.dev",
        "resources": 20,
        "indexes": [
          "cdp"
        ],
        "single_index": null
      },
      {
        "origin": "https://nation.service.crestal.network",
        "resources": 18,
        "indexes": [
          "cdp"
        ],
        "single_index": null
      },
      {
        "origin": "https://slamai.dev",
        "resources": 18,
        "indexes": [
          "cdp"
        ],
        "single_index": null
      }
    ],
    "method": "Built only from our stored mirrors of each index's own listing interface (no listed origin is contacted): cdp crawled 2025-12-31T00:34:27.045Z from https://api.cdp.coinbase.com/platform/v2/x402 (recorded crawl cdp-bazaar-discovery-resources.crawl-2025-12-31.json); x402scan not mirrored (x402scan's listing is paid and needs MIRROR_WALLET_PRIVATE_KEY), so its fields are null. A listing is (origin, path and query, method); an origin is scheme://host[:port]. Prices are decimal USD: CDP amounts are atomic units divided by the asset's decimals (USDC only; other assets are unpriced), x402scan amounts are already USD. Medians are over priced mainnet listings (test networks excluded). Not updated in 60 days: lastUpdated more than 60 days before that index's crawl time (listings without a parseable date are counted as undated). Duplicates within a crawl are dropped (newest kept).",
    "your_row": "http://precedent.test: cdp: 0 listing(s); x402scan: not mirrored. Check any origin's conformance and its listings with GET /api/probe?origin=http://precedent.test",
    "mirror_freshness": {
      "cdp": "2025-12-31T00:34:27.045Z",
      "x402scan": null
    }
  },
};
