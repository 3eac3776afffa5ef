import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { ErrorBodySchema, errorBodyExample } from "../contracts/error-body.js";
import type { OperationContract } from "../contracts/operation-contract.js";
import type { CatalogRoute } from "../contracts/route-catalog.js";
import type { ErrorCode } from "../domain/app-error.js";
import type { AppEnv } from "./app-env.js";
import { STATUS_BY_CODE } from "./error-responses.js";

/** What each documented error code means to the caller (the 4xx/5xx response descriptions). */
const ERROR_MEANINGS: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: "VALIDATION_FAILED: a parameter is missing or invalid (details name it, what was expected and what came)",
  INTERNAL: "INTERNAL: a bug on our side; nothing is charged",
  UPSTREAM_UNAVAILABLE: "UPSTREAM_UNAVAILABLE: the data source is unreachable (Retry-After says when to retry); nothing is charged",
};

export function documentOperation(app: OpenAPIHono<AppEnv>, route: CatalogRoute, contract: OperationContract): void {
  // One documented status per code (several codes may share a status), each with one worked example per code.
  const codesByStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set<ErrorCode>(["VALIDATION_FAILED", ...contract.errors, "INTERNAL"])) {
    const status = STATUS_BY_CODE[code];
    codesByStatus.set(status, [...(codesByStatus.get(status) ?? []), code]);
  }
  const exampleParam = Object.keys(contract.params.shape)[0] ?? "(parameters)";
  const errorResponses: Record<string, unknown> = {};
  for (const [status, codes] of codesByStatus) {
    errorResponses[String(status)] = {
      description: codes.map((code) => ERROR_MEANINGS[code] ?? code).join("; "),
      content: {
        "application/json": {
          schema: ErrorBodySchema,
          examples: Object.fromEntries(codes.map((code) => [code, { summary: code, value: errorBodyExample(code, exampleParam) }])),
        },
      },
    };
  }
  const responses = {
    200: {
      description: "Success. The body is signed: see X-Response-Hash, X-Response-Signature and X-Signer.",
      content: { "application/json": { schema: contract.response, example: contract.example.response } },
    },
    ...errorResponses,
  };
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
      responses,
    });
  }
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
