import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.js";
import { parseOperationParams } from "../operation-params.js";
import type { RouteModule } from "../route-module.js";

/** The largest price any route may quote (a guard against a runaway quote function, not a business cap). */
const MAX_QUOTE_USD = 10_000;

/**
 * Runs just before the payment gate. A dynamically priced route (catalog price `dynamic`) is quoted from
 * its validated parameters: bad parameters are a 422 before any 402 (nothing can be quoted for them), and
 * the quote is kept on the request scope, where the gate's price function reads it when it writes the 402
 * and again when it verifies the payment (the paid amount must equal the quote of the paid request).
 */
export function dynamicQuote(operations: readonly RouteModule[]): MiddlewareHandler<AppEnv> {
  const dynamicByPath = new Map<string, RouteModule>();
  for (const op of operations) {
    if (op.route.price.kind !== "dynamic") continue;
    if (op.quote === undefined) throw new Error(`${op.route.operationId} has a dynamic price but no quote()`);
    dynamicByPath.set(op.route.path, op);
  }
  return async (c, next) => {
    const op = dynamicByPath.get(c.req.path);
    if (op === undefined || !op.route.methods.includes(c.req.method as "GET" | "POST")) return next();
    const params = await parseOperationParams(c, op.contract.params);
    const quoted = await op.quote!(params);
    if (!Number.isFinite(quoted) || quoted <= 0 || quoted > MAX_QUOTE_USD) {
      throw new Error(`${op.route.operationId} quoted ${quoted} USD, outside (0, ${MAX_QUOTE_USD}]`);
    }
    // USDC has 6 decimals: a fraction of a micro-dollar (a 5% fee on an odd price) is rounded up, never down.
    c.get("scope").quoteUsd = Math.ceil(Math.round(quoted * 1e8) / 100) / 1e6;
    return next();
  };
}
