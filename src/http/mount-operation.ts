import type { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { OperationContract } from "../contracts/operation-contract.js";
import type { CatalogRoute } from "../contracts/route-catalog.js";
import { describeValue, validationDetails, type ValidationIssue } from "../contracts/validation-details.js";
import { AppError } from "../domain/app-error.js";
import { ItemizedAnswer, nothingServedError } from "../domain/itemized-answer.js";
import { RedirectAnswer } from "../domain/redirect-answer.js";
import type { AppEnv } from "./app-env.js";
import { documentOperation } from "./document-operation.js";

export type OperationHandler<P extends z.ZodObject, R extends z.ZodType> = (
  params: z.infer<P>,
  context: HandlerContext,
) => Promise<z.infer<R> | ItemizedAnswer<z.infer<R>>>;

/** What a handler may know about its request besides the parameters. */
export interface HandlerContext {
  requestId: string;
  /** The wallet whose payment was verified for this call (paid routes only; undefined on free routes). */
  payer?: string;
  /** The caller's key in the request log (a salted hash; never the address or user-agent). */
  clientKey?: () => Promise<string>;
}

/**
 * Serves one operation on its catalog path for every method the catalog lists, and documents it. Params
 * come from the query string, or on POST also from a JSON object body with the same names (one given in
 * both with different values is a 422); one schema validates both and a failure is a 422 naming each bad
 * parameter, what was expected and what came.
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
    if (!parsed.success) throw validationFailure(parsed.error.issues, raw);
    const scope = c.get("scope");
    const payer = scope?.payer;
    const answer = await handle(parsed.data, {
      requestId: c.get("requestId"),
      ...(payer === undefined ? {} : { payer }),
      ...(scope?.clientKey === undefined ? {} : { clientKey: scope.clientKey }),
    });
    if (answer instanceof RedirectAnswer) return c.redirect(answer.location, 302);
    return c.json(servedBody(answer) as object, 200);
  });
}

/**
 * "Charge only for something served", for every route: a multi-item answer in which no item was served
 * becomes the error its items share, and an error status is never settled by the payment gate.
 */
function servedBody(answer: unknown): unknown {
  if (!(answer instanceof ItemizedAnswer)) return answer;
  const nothingServed = nothingServedError(answer);
  if (nothingServed !== undefined) throw nothingServed;
  return answer.body;
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
  const fromBody = body as Record<string, unknown>;
  const conflicts = Object.keys(fromBody).filter((name) => query[name] !== undefined && !sameValue(query[name], fromBody[name]));
  if (conflicts.length > 0) {
    throw validationFailure(
      conflicts.map((name) => ({
        path: [name],
        message: `is given twice with different values (query ${describeValue(query[name])}, body ${describeValue(fromBody[name])}); send it once`,
      })),
      {},
    );
  }
  return { ...query, ...fromBody };
}

/** The query's text and the body's JSON value say the same thing (`k=5` and `"k": 5`). */
function sameValue(queryText: unknown, bodyValue: unknown): boolean {
  if (bodyValue === null || typeof bodyValue === "object") return false;
  return String(queryText) === String(bodyValue);
}

function validationFailure(issues: readonly ValidationIssue[], raw: Record<string, unknown> = {}): AppError {
  const { details, summary } = validationDetails(issues, raw);
  return new AppError("VALIDATION_FAILED", summary, { details });
}
