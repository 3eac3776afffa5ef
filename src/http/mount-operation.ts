import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ErrorBodySchema } from "../contracts/error-body.js";
import type { OperationContract } from "../contracts/operation-contract.js";
import type { CatalogRoute } from "../contracts/route-catalog.js";
import { AppError, type ErrorDetail } from "../domain/app-error.js";
import type { AppEnv } from "./app-env.js";
import { STATUS_BY_CODE } from "./error-responses.js";

export type OperationHandler<P extends z.ZodObject, R extends z.ZodType> = (
  params: z.infer<P>,
  context: { requestId: string },
) => Promise<z.infer<R>>;

/**
 * Serves one operation on its catalog path for every method the catalog lists, and documents it. Params
 * come from the query string, or on POST also from a JSON object body with the same names (body wins);
 * one schema validates both and a failure is a 422 naming each bad parameter.
 */
export function mountOperation<P extends z.ZodObject, R extends z.ZodType>(
  app: OpenAPIHono<AppEnv>,
  route: CatalogRoute,
  contract: OperationContract<P, R>,
  handle: OperationHandler<P, R>,
): void {
  if (route.operationId !== contract.operationId) {
    throw new Error(`contract ${contract.operationId} mounted on catalog route ${route.operationId}`);
  }
  documentOperation(app, route, contract);
  app.on([...route.methods], route.path, async (c) => {
    const raw = await collectParams(c);
    const parsed = contract.params.safeParse(raw);
    if (!parsed.success) throw validationFailure(parsed.error.issues);
    const body = await handle(parsed.data, { requestId: c.get("requestId") });
    return c.json(body as object, 200);
  });
}

async function collectParams(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const query: Record<string, unknown> = c.req.query();
  if (c.req.method !== "POST") return query;
  const text = await c.req.text();
  if (text.trim() === "") return query;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw validationFailure([{ path: ["body"], message: "must be a JSON object (or send no body and use the query string)" }]);
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw validationFailure([{ path: ["body"], message: "must be a JSON object with the parameters as keys" }]);
  }
  return { ...query, ...(body as Record<string, unknown>) };
}

function validationFailure(issues: ReadonlyArray<{ path: PropertyKey[]; message: string; code?: string; input?: unknown }>): AppError {
  const details: ErrorDetail[] = issues.map((issue) => ({
    param: issue.path.map(String).join(".") || "(parameters)",
    issue: issue.code === "invalid_type" && issue.input === undefined ? "is required" : issue.message,
  }));
  const summary = details.map((d) => `${d.param} ${d.issue}`).join("; ");
  return new AppError("VALIDATION_FAILED", `Invalid parameters: ${summary}`, { details });
}

function documentOperation(app: OpenAPIHono<AppEnv>, route: CatalogRoute, contract: OperationContract): void {
  const errorResponses: Record<string, { description: string; content: { "application/json": { schema: typeof ErrorBodySchema } } }> = {};
  const errorContent = { "application/json": { schema: ErrorBodySchema } };
  errorResponses["422"] = { description: "A parameter is missing or invalid (VALIDATION_FAILED names it)", content: errorContent };
  for (const code of contract.errors) {
    const status = String(STATUS_BY_CODE[code]);
    const previous = errorResponses[status]?.description;
    errorResponses[status] = { description: previous === undefined ? code : `${previous}; ${code}`, content: errorContent };
  }
  errorResponses["500"] = { description: "INTERNAL: a bug on our side; nothing is charged", content: errorContent };
  const edgeResponses = edgeErrorResponses(route, errorContent);
  const responses = {
    200: {
      description: "Success. The body is signed: see X-Response-Hash, X-Response-Signature and X-Signer.",
      content: { "application/json": { schema: contract.response, example: contract.example.response } },
    },
    ...errorResponses,
    ...edgeResponses.common,
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
          ? { query: contract.params }
          : {
              // The shape without its cross-field checks: on POST any parameter may come from the body instead.
              query: z.object(contract.params.shape).partial(),
              body: {
                required: false,
                description: "Alternative to the query string: the same parameters as a JSON object",
                content: { "application/json": { schema: contract.params, example: contract.example.params } },
              },
            },
      responses: method === "POST" ? { ...responses, ...edgeResponses.post } : responses,
    });
  }
}

/** What the edge answers before this operation runs (see createApp): documented on every operation. */
function edgeErrorResponses(route: CatalogRoute, content: { "application/json": { schema: typeof ErrorBodySchema } }) {
  const retryAfter = { "Retry-After": { schema: { type: "integer" as const }, description: "Seconds until the client may call again" } };
  const common: Record<string, { description: string; content: typeof content; headers?: typeof retryAfter }> = {
    "405": {
      description: "METHOD_NOT_ALLOWED: the answer to any other method on this path (PUT, DELETE, PATCH...), with an Allow header; never a 402",
      content,
    },
  };
  if (route.price.kind === "free") {
    common["429"] = {
      description:
        route.operationId === "dev_faucet"
          ? "RATE_LIMITED: too many faucet calls from this client on this node (token bucket; RATE_LIMIT_FAUCET_PER_MINUTE)"
          : "RATE_LIMITED: too many calls to free routes from this client on this node (token bucket; RATE_LIMIT_FREE_PER_MINUTE)",
      headers: retryAfter,
      content,
    };
  }
  const post = {
    "413": { description: "PAYLOAD_TOO_LARGE: the body exceeds BODY_LIMIT_BYTES (64 KiB by default), refused before it is read", content },
  };
  return { common, post };
}
