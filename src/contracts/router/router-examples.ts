// The real answer of the example deployment (the recorded CDP crawl imported; x402scan not mirrored).
export const DISCOVER_EXAMPLE = {
  params: { need: "weather forecast", limit: 3 },
  response: {
    "need": "weather forecast",
    "results_found": 16,
    "results": [
      {
        "origin": "https://api.x402app.org",
        "path": "/weather",
        "method": "GET",
        "capability": "weather",
        "price_usd": 0.001,
        "ours": false,
        "description": "Get current weather information including temperature and conditions",
        "traction": null,
        "reliability": null,
        "reliability_samples": 0,
        "match_score": 0.8936,
        "go": "http://precedent.test/api/discover/go?to_origin=https%3A%2F%2Fapi.x402app.org&to_path=%2Fweather&need=weather+forecast"
      },
      {
        "origin": "https://weather.x402app.org",
        "path": "/weather",
        "method": "POST",
        "capability": "weather",
        "price_usd": 0.001,
        "ours": false,
        "description": "Get current weather information including temperature and conditions",
        "traction": null,
        "reliability": null,
        "reliability_samples": 0,
        "match_score": 0.8936,
        "go": "http://precedent.test/api/discover/go?to_origin=https%3A%2F%2Fweather.x402app.org&to_path=%2Fweather&need=weather+forecast"
      },
      {
        "origin": "https://axol-x402-worker.axol.workers.dev",
        "path": "/weather",
        "method": "POST",
        "capability": "weather",
        "price_usd": 0.01,
        "ours": false,
        "description": "Returns a simple JSON weather report for the demo region.",
        "traction": null,
        "reliability": null,
        "reliability_samples": 0,
        "match_score": 0.8535,
        "go": "http://precedent.test/api/discover/go?to_origin=https%3A%2F%2Faxol-x402-worker.axol.workers.dev&to_path=%2Fweather&need=weather+forecast"
      }
    ],
    "sponsored": [],
    "outcome_report": {
      "how": "POST /api/discover/outcome with a JSON body (or query string) naming the result you chose and whether it helped",
      "fields": [
        "need",
        "chosen_origin",
        "chosen_path",
        "helped",
        "paid_usd",
        "note"
      ]
    },
    "mirror_freshness": {
      "cdp": "2025-12-31T00:34:27.045Z",
      "x402scan": null
    },
    "generated_at": "2026-11-23T12:00:00.000Z"
  }
};
