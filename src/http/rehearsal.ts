/**
 * Requests the node sends to itself at warm-up (`app.request`), so the first caller does not also pay for
 * compiling the request path: routing, the middleware, the payment gate's 402 (x402's requirements and MPP's
 * challenge) and the response. They are answered like any request but never written to the request log,
 * whose rows are callers' demand. The mark is a module-private symbol on the request's env (Hono's third
 * argument): a request from the network cannot carry it.
 *
 * Only quotes are rehearsed: an unpaid call to a paid route is answered 402 before any parameter is read,
 * so nothing is computed, charged or stored. The paid half of a call (claim, settlement, ledger) cannot be
 * rehearsed without a real payment, which would write the ledger; of what follows the payment, the parameter
 * parsers are compiled here (compileParamParsers) and the response signature by the composition root.
 */
import type { Hono } from "hono";
import type { CatalogRoute } from "../contracts/route-catalog.js";

const REHEARSAL = Symbol("precedent.rehearsal");

export function isRehearsal(env: unknown): boolean {
  return typeof env === "object" && env !== null && (env as Record<symbol, unknown>)[REHEARSAL] === true;
}

/**
 * Asks each route for its quote `rounds` times (one round compiles the path; a second gets the hottest
 * functions past their first, unoptimised run). Resolves with the statuses seen, one per request.
 */
export async function rehearseQuotes(app: Pick<Hono, "request">, routes: readonly CatalogRoute[], rounds = 2): Promise<number[]> {
  const statuses: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const route of routes) {
      const response = await app.request(route.path, { method: route.methods[0] }, { [REHEARSAL]: true });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
  }
  return statuses;
}

/**
 * zod compiles an object schema's parser (generated code, `new Function`) on its first synchronous parse,
 * which would otherwise be the first caller's. Parsing an empty object does it; the result is dropped.
 */
export function compileParamParsers(schemas: Iterable<{ safeParse(input: unknown): unknown }>): void {
  for (const schema of schemas) schema.safeParse({});
}
