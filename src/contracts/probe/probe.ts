import { z } from "@hono/zod-openapi";
import { CHECK_IDS } from "../../domain/probe-report.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import exampleJson from "./probe.example.json" with { type: "json" };

const params = z.object({
  origin: z
    .string()
    .min(1)
    .max(2048)
    .openapi({ description: "The origin to probe: https://host[:port], without path, query or fragment (a trailing / is accepted)", example: "https://api.example.com" }),
});

export type ProbeParams = z.infer<typeof params>;

const CheckSchema = z
  .object({
    id: z.enum(CHECK_IDS),
    status: z.enum(["pass", "warn", "fail", "skip"]),
    evidence: z.string().openapi({ description: "What was seen: status codes, header values, field paths; for skip, the reason" }),
    fix: z.string().nullable().openapi({ description: "What to change (warn and fail); null otherwise" }),
  })
  .openapi("ProbeCheck");

const ListedResourceSchema = z.object({
  resource: z.string(),
  method: z.string().nullable(),
  price_usd: z.number().nullable(),
  network: z.string().nullable().openapi({ description: "CAIP-2" }),
  asset: z.string().nullable(),
  pay_to: z.string().nullable(),
  last_updated: z.string().nullable().openapi({ description: "ISO-8601, as the index states it" }),
});

const ListingsSchema = z
  .object({
    index: z.string().openapi({ description: "cdp_bazaar or x402scan" }),
    mirrored: z.boolean().openapi({ description: "false: this deployment holds no copy of the index, so nothing is claimed about the origin's listing there" }),
    mirrored_at: z.string().nullable().openapi({ description: "When our copy of the index was taken (its freshness); null when not mirrored" }),
    note: z.string().nullable(),
    resources: z.array(ListedResourceSchema).openapi({ description: "The origin's resources in our copy of the index; empty when not listed or not mirrored" }),
  })
  .openapi("ProbeIndexListings");

const response = z
  .object({
    origin: z.string(),
    probed_at: z.string().openapi({ description: "When the probe ran (ISO-8601); with cached=true, an earlier probe within 10 minutes" }),
    cached: z.boolean().openapi({ description: "true: the stored result of a probe made in the last 10 minutes; the origin was not contacted again" }),
    grade: z.enum(["A", "B", "C", "D", "F"]),
    grading: z.string(),
    resource: z.string().nullable().openapi({ description: "The paid resource whose 402 was examined (first of /.well-known/x402, else of /openapi.json)" }),
    checks: z.array(CheckSchema).openapi({ description: `Always ${CHECK_IDS.length} checks, in this order: ${CHECK_IDS.join(", ")}` }),
    listings: z.array(ListingsSchema),
    timings: z.object({
      total_ms: z.number().int(),
      requests: z.array(
        z.object({ check: z.enum(CHECK_IDS), method: z.string(), path: z.string(), status: z.number().int().nullable().openapi({ description: "null: no answer" }), ms: z.number().int() }),
      ),
    }),
    limits: z.object({
      max_requests: z.number().int(),
      total_seconds: z.number().int(),
      max_body_bytes: z.number().int(),
      cache_seconds: z.number().int(),
      user_agent: z.string(),
    }),
  })
  .openapi("ProbeReport");

export const GRADING =
  "F: the origin did not answer or no unpaid request got a 402; D: two or more checks failed; C: one failed; B: warnings only; " +
  "A: every check passed or was skipped with its reason.";

export const probeContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_probe",
  description:
    "x402 conformance findings for one origin. The probe reads /.well-known/x402 and /openapi.json, sends an unpaid request to the first paid " +
    "resource they name, and examines the 402: reach (https, public addresses only), wellknown, ownership (EIP-191 ownershipProofs by a payTo), " +
    "openapi (3.x, x-payment-info and a 402 response per paid operation), challenge (402 before any validation; 429/503 retried twice), " +
    "v2-header (PAYMENT-REQUIRED base64 JSON, x402Version 2, resource.url), accepts (atomic integer amounts, CAIP-2 networks, addresses, " +
    "maxTimeoutSeconds), asset (known token, EIP-712 domain in extra, price under 100 USD), bazaar (discovery extension validates, input and " +
    "output example), consistency (the 402 against x-payment-info and our copies of the discovery indexes), cache (Cache-Control: no-store), " +
    "cors (preflight allows PAYMENT-SIGNATURE, the 402 exposes PAYMENT-REQUIRED and PAYMENT-RESPONSE), malformed (a garbage PAYMENT-SIGNATURE " +
    "and X-PAYMENT answer 402 or 400, never 5xx or 200), hdrsize (PAYMENT-REQUIRED under 8 KiB: warn above; all headers above 16 KiB fail), " +
    "docs (/llms.txt, title, og:image, icon) and receipt (always skip: the probe never pays, so the paid 200 path is not tested). " +
    `Each check is {id, status: pass|warn|fail|skip, evidence, fix}. Grade: ${GRADING} ` +
    "Limits: at most 10 requests to the origin, 45 s in all, 64 KB per response body (a larger /openapi.json is skipped, not failed), our own " +
    "user-agent; every request goes through the SSRF-safe client (https only, every resolved address must be public, checked at connect time). " +
    "A result is stored and served for 10 minutes (cached: true) on every node, so repeated calls never contact the origin again. " +
    "listings: the origin's resources in each discovery index (cdp_bazaar, x402scan) as our mirrors hold them; an index we do not mirror " +
    "says mirrored: false and nothing is guessed. " +
    "Errors: 422 VALIDATION_FAILED naming origin for anything but an https origin (http only for hosts the deployment allow-lists, tests), " +
    "and for an origin the SSRF policy refuses (a private, loopback, link-local or metadata address, or a name resolving to one): such an " +
    "origin is never connected to. An origin that does not answer is a 200 with reach: fail and grade F.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: [],
};
