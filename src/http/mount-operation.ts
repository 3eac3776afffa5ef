import type { OpenAPIHono, z } from "@hono/zod-openapi";
import type { OperationContract } from "../contracts/operation-contract.js";
import type { CatalogRoute } from "../contracts/route-catalog.js";
import { ItemizedAnswer, nothingServedError } from "../domain/itemized-answer.js";
import { RedirectAnswer } from "../domain/redirect-answer.js";
import type { AppEnv } from "./app-env.js";
import { documentOperation } from "./document-operation.js";
import { encodeHere, type AnswerEncoder } from "./answer-encoding/answer-encoder.js";
import { holdBody } from "./held-body.js";
import { parseOperationParams } from "./operation-params.js";
import { replaceResponse } from "../payments/replace-response.js";

/** Runs once the answer is a signed, settled 200, with the sha256 hex of its body (middleware/after-served.ts). */
export type ServedHook = (params: Record<string, unknown>, body: unknown, responseSha256: string) => Promise<unknown>;

export type OperationHandler<P extends z.ZodObject, R extends z.ZodType> = (
  params: z.infer<P>,
  context: HandlerContext,
) => Promise<z.infer<R> | ItemizedAnswer<z.infer<R>>>;

/** What a handler may know about its request besides the parameters. */
export interface HandlerContext {
  requestId: string;
  /** The wallet whose payment was verified for this call (paid routes only; undefined on free routes). */
  payer?: string;
  /** Registers how to undo what this paid call recorded, should its settlement fail after the handler answered. */
  undoIfUnpaid?: (undo: () => Promise<void>) => void;
  /** The price in USD this call was quoted and paid (dynamically priced routes only). */
  quoteUsd?: number;
  /** The caller's key in the request log (a salted hash; never the address or user-agent). */
  clientKey?: () => Promise<string>;
}

/** Serves one operation on its catalog path for every method the catalog lists, and documents it. */
export function mountOperation<P extends z.ZodObject, R extends z.ZodType>(
  app: OpenAPIHono<AppEnv>,
  route: CatalogRoute,
  contract: OperationContract<P, R>,
  handle: OperationHandler<P, R>,
  html?: (body: z.infer<R>) => string,
  encoder: AnswerEncoder = encodeHere,
  onServed?: ServedHook,
): void {
  if (route.operationId !== contract.operationId) {
    throw new Error(`contract ${contract.operationId} mounted on catalog route ${route.operationId}`);
  }
  documentOperation(app, route, contract);
  app.on([...route.methods], route.path, async (c) => {
    const params = await parseOperationParams(c, contract.params);
    const scope = c.get("scope");
    const answer = await handle(params, {
      requestId: c.get("requestId"),
      ...(scope?.payer === undefined ? {} : { payer: scope.payer }),
      ...(scope?.quoteUsd === undefined ? {} : { quoteUsd: scope.quoteUsd }),
      ...(scope?.clientKey === undefined ? {} : { clientKey: scope.clientKey }),
      ...(scope === undefined ? {} : { undoIfUnpaid: (undo: () => Promise<void>) => void (scope.undoIfUnpaid ??= []).push(undo) }),
    });
    if (answer instanceof RedirectAnswer) return c.redirect(answer.location, 302);
    const body = servedBody(answer);
    if (html !== undefined) c.header("Vary", "Accept");
    if (html !== undefined && prefersHtml(c.req.header("accept"))) return c.html(html(body as z.infer<R>), 200);
    // What c.json does, with the JSON kept (held-body.ts) for the signature to read; a large answer is
    // serialised off the event loop (answer-encoding/). The response is set here rather than returned: Hono
    // re-wraps a returned Response when middleware touched c.res before (CORS does) to merge headers that
    // c.body has already copied, and the re-wrap turns the body into a stream.
    const encoded = await encoder.encode(body);
    if (onServed !== undefined && scope !== undefined) (scope.afterServed ??= []).push((sha256) => onServed(params, body, sha256));
    const response = holdBody(c.body(encoded.body, 200, { "Content-Type": "application/json" }), encoded.body, encoded.sha256);
    replaceResponse(c, response);
    return response;
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

/** Browsers ask for text/html first; agents send application/json, * / *, or nothing, and get JSON. */
function prefersHtml(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const html = accept.indexOf("text/html");
  const json = accept.indexOf("application/json");
  return html !== -1 && (json === -1 || html < json);
}
