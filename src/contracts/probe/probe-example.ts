/**
 * A real probe of a Precedent deployment: recorded by test/probe/probe-own-app.test.ts against the test service
 * on loopback, with its origin renamed to https://precedent.example (and reach's transport sentence the one an
 * https origin gets); that test checks the recorded checks, statuses and grade against a live probe.
 */
export const PROBE_EXAMPLE = {
  params: { origin: "https://precedent.example" },
  response: {
  "origin": "https://precedent.example",
  "probed_at": "2026-11-23T14:00:00.000Z",
  "cached": false,
  "grade": "A" as const,
  "grading": "F: the origin did not answer or no unpaid request got a 402; D: two or more checks failed; C: one failed; B: warnings only; A: every check passed or was skipped with its reason.",
  "resource": "https://precedent.example/api",
  "checks": [
    {
      "id": "reach" as const,
      "status": "pass" as const,
      "evidence": "https://precedent.example answered over https (TLS verified) from public addresses only (every resolved address checked at connect time); first answer 200 in 27 ms",
      "fix": null
    },
    {
      "id": "wellknown" as const,
      "status": "pass" as const,
      "evidence": "GET /.well-known/x402: 35 resources, all on this origin",
      "fix": null
    },
    {
      "id": "ownership" as const,
      "status": "skip" as const,
      "evidence": "no ownershipProofs in /.well-known/x402 (optional)",
      "fix": null
    },
    {
      "id": "openapi" as const,
      "status": "skip" as const,
      "evidence": "GET /openapi.json is larger than the probe's 64 KB body cap; not examined",
      "fix": null
    },
    {
      "id": "challenge" as const,
      "status": "pass" as const,
      "evidence": "unpaid GET /api answered 402",
      "fix": null
    },
    {
      "id": "v2-header" as const,
      "status": "pass" as const,
      "evidence": "PAYMENT-REQUIRED decodes to x402Version 2 with resource.url https://precedent.example/api",
      "fix": null
    },
    {
      "id": "accepts" as const,
      "status": "pass" as const,
      "evidence": "1 accepts entries, each well-formed (exact on eip155:8453, amount 10000)",
      "fix": null
    },
    {
      "id": "asset" as const,
      "status": "pass" as const,
      "evidence": "USDC on eip155:8453, 0.01 USD, EIP-712 domain in extra",
      "fix": null
    },
    {
      "id": "bazaar" as const,
      "status": "pass" as const,
      "evidence": "extensions.bazaar validates; input http GET, output example present",
      "fix": null
    },
    {
      "id": "consistency" as const,
      "status": "skip" as const,
      "evidence": "no x-payment-info for this operation and no mirrored listing of https://precedent.example/api; not compared: cdp_bazaar, x402scan (index not mirrored)",
      "fix": null
    },
    {
      "id": "cache" as const,
      "status": "pass" as const,
      "evidence": "Cache-Control: no-store",
      "fix": null
    },
    {
      "id": "cors" as const,
      "status": "pass" as const,
      "evidence": "OPTIONS 204 allows payment-signature; the 402 exposes payment-required, payment-response",
      "fix": null
    },
    {
      "id": "malformed" as const,
      "status": "pass" as const,
      "evidence": "PAYMENT-SIGNATURE: %%%not-base64 -> 400; X-PAYMENT: e30= -> 402",
      "fix": null
    },
    {
      "id": "hdrsize" as const,
      "status": "pass" as const,
      "evidence": "PAYMENT-REQUIRED is 2428 bytes, all headers 3677 bytes",
      "fix": null
    },
    {
      "id": "docs" as const,
      "status": "pass" as const,
      "evidence": "/llms.txt found, <title> not found, og:image not found, favicon not found",
      "fix": null
    },
    {
      "id": "receipt" as const,
      "status": "skip" as const,
      "evidence": "the paid path (200 with PAYMENT-RESPONSE) cannot be tested without paying, and the probe never pays",
      "fix": null
    }
  ],
  "listings": [
    {
      "index": "cdp_bazaar",
      "mirrored": false,
      "mirrored_at": null,
      "note": "index not mirrored",
      "resources": []
    },
    {
      "index": "x402scan",
      "mirrored": false,
      "mirrored_at": null,
      "note": "index not mirrored",
      "resources": []
    }
  ],
  "timings": {
    "total_ms": 433,
    "requests": [
      {
        "check": "wellknown" as const,
        "method": "GET",
        "path": "/.well-known/x402",
        "status": 200,
        "ms": 27
      },
      {
        "check": "openapi" as const,
        "method": "GET",
        "path": "/openapi.json",
        "status": null,
        "ms": 323
      },
      {
        "check": "challenge" as const,
        "method": "GET",
        "path": "/api",
        "status": 402,
        "ms": 17
      },
      {
        "check": "cors" as const,
        "method": "OPTIONS",
        "path": "/api",
        "status": 204,
        "ms": 6
      },
      {
        "check": "malformed" as const,
        "method": "GET",
        "path": "/api",
        "status": 400,
        "ms": 2
      },
      {
        "check": "malformed" as const,
        "method": "GET",
        "path": "/api",
        "status": 402,
        "ms": 19
      },
      {
        "check": "docs" as const,
        "method": "GET",
        "path": "/llms.txt",
        "status": 200,
        "ms": 8
      },
      {
        "check": "docs" as const,
        "method": "GET",
        "path": "/",
        "status": 404,
        "ms": 13
      }
    ]
  },
  "limits": {
    "max_requests": 10,
    "total_seconds": 45,
    "max_body_bytes": 65536,
    "cache_seconds": 600,
    "user_agent": "Mozilla/5.0 (compatible; PrecedentProbe/1.0; +https://precedent.example/openapi.json)"
  }
},
};
