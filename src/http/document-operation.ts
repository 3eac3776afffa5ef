import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { ErrorBodySchema, errorBodyExample } from "../contracts/error-body.js";
import type { OperationContract } from "../contracts/operation-contract.js";
import { isHeavyRoute, type CatalogRoute } from "../contracts/route-catalog.js";
import type { ErrorCode } from "../domain/app-error.js";
import type { AppEnv } from "./app-env.js";
import { STATUS_BY_CODE } from "./error-responses.js";

/** What each documented error code means to the caller (the 4xx/5xx response descriptions). */
const ERROR_MEANINGS: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: "VALIDATION_FAILED: a parameter is missing or invalid (details name it, what was expected and what came)",
  INTERNAL: "INTERNAL: a bug on our side; nothing is charged",
  UPSTREAM_UNAVAILABLE: "UPSTREAM_UNAVAILABLE: the data source is unreachable (Retry-After says when to retry); nothing is charged",
  METHOD_NOT_ALLOWED: "METHOD_NOT_ALLOWED: the answer to any other method on this path (PUT, DELETE, PATCH...), with an Allow header; never a 402",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE: the body exceeds BODY_LIMIT_BYTES (64 KiB by default), refused before it is read",
  BUSY: "BUSY: this node is running as many search-based calls as it admits at once (HEAVY_ROUTE_CONCURRENCY) and this one could not start within 15 s, or 256 were already waiting; retry after Retry-After seconds; nothing is charged",
  SELLER_FAILED: "SELLER_FAILED: the seller did not deliver after our payment, or asked more than your quote covers (details say which); you are not charged",
};

type Responses = Parameters<OpenAPIHono<AppEnv>["openAPIRegistry"]["registerPath"]>[0]["responses"];

const RETRY_AFTER = { "Retry-After": { schema: { type: "integer" as const }, description: "Seconds until the client may call again" } };

export function documentOperation(app: OpenAPIHono<AppEnv>, route: CatalogRoute, contract: OperationContract): void {
  // The edge answers 405 on every path, 429 on free ones and 503 BUSY on the search-based ones before the
  // operation runs (see createApp).
  const edgeCodes: ErrorCode[] =
    route.price.kind === "free" ? ["METHOD_NOT_ALLOWED", "RATE_LIMITED"] : isHeavyRoute(route) ? ["METHOD_NOT_ALLOWED", "BUSY"] : ["METHOD_NOT_ALLOWED"];
  const codes: ErrorCode[] = ["VALIDATION_FAILED", ...contract.errors, "INTERNAL", ...edgeCodes];
  const success: Responses =
    contract.redirect === true
      ? {
          302: {
            description: `Redirect (no body). Example Location: ${(contract.example.response as { location: string }).location}`,
            headers: { Location: { schema: { type: "string" as const }, description: "Where to go" } },
          },
        }
      : {
          200: {
            description: "Success. The body is signed: see X-Response-Hash, X-Response-Signature and X-Signer.",
            content: { "application/json": { schema: contract.response, example: contract.example.response } },
          },
        };
  const responses = { ...success, ...errorResponses(route, contract, codes) } as Responses;
  const postResponses = { ...responses, ...errorResponses(route, contract, ["PAYLOAD_TOO_LARGE"]) } as Responses;
  for (const method of route.methods) {
    const primary = method === (route.methods.includes("POST") ? "POST" : "GET");
    app.openAPIRegistry.registerPath({
      method: method === "GET" ? "get" : "post",
      path: route.path,
      operationId: primary ? route.operationId : `${route.operationId}_via_${method.toLowerCase()}`,
      summary: route.summary,
      description: contract.description,
      tags: [route.family],
      request:
        method === "GET"
          ? getRequest(contract)
          : {
              // The shape without its cross-field checks: on POST any parameter may come from the body instead.
              query: z.object(contract.params.shape).partial(),
              body: {
                required: false,
                description: "Alternative to the query string: the same parameters as a JSON object",
                content: { "application/json": { schema: contract.params, example: contract.example.params } },
              },
            },
      responses: method === "POST" ? postResponses : responses,
    });
  }
}

/** One documented status per code (several codes may share a status), each with one worked example per code. */
function errorResponses(route: CatalogRoute, contract: OperationContract, codes: readonly ErrorCode[]): Record<string, unknown> {
  const codesByStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = STATUS_BY_CODE[code];
    codesByStatus.set(status, [...(codesByStatus.get(status) ?? []), code]);
  }
  const exampleParam = Object.keys(contract.params.shape)[0] ?? "(parameters)";
  const responses: Record<string, unknown> = {};
  for (const [status, statusCodes] of codesByStatus) {
    responses[String(status)] = {
      description: statusCodes.map((code) => describeCode(code, route)).join("; "),
      ...(status === 429 ? { headers: RETRY_AFTER } : {}),
      content: {
        "application/json": {
          schema: ErrorBodySchema,
          examples: Object.fromEntries(statusCodes.map((code) => [code, { summary: code, value: errorBodyExample(code, exampleParam) }])),
        },
      },
    };
  }
  return responses;
}

function describeCode(code: ErrorCode, route: CatalogRoute): string {
  if (code !== "RATE_LIMITED") return ERROR_MEANINGS[code] ?? code;
  return route.operationId === "dev_faucet"
    ? "RATE_LIMITED: too many faucet calls from this client on this node (token bucket; RATE_LIMIT_FAUCET_PER_MINUTE)"
    : "RATE_LIMITED: too many calls to free routes from this client on this node (token bucket; RATE_LIMIT_FREE_PER_MINUTE)";
}

/**
 * GET takes its parameters from the query string; an operation with none says so with an empty input
 * schema, so indexes that read input schemas (agentcash discovery) see "no input" rather than "unknown".
 */
function getRequest(contract: OperationContract) {
  if (Object.keys(contract.params.shape).length > 0) return { query: contract.params };
  return {
    body: {
      required: false,
      description: "This operation takes no parameters: send no body (an empty JSON object is accepted too)",
      content: { "application/json": { schema: z.object({}).strict() } },
    },
  };
}
