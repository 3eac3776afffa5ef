import type { Context, MiddlewareHandler } from "hono";
import { floorUsd } from "../../payments/dynamic-price-floor.js";
import { carriesPayment } from "../../payments/payment-headers.js";
import { mayHaveBody } from "../announced-body.js";
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
 *
 * A bare unpaid call (no query parameter, no body or an empty JSON object) is quoted the route's minimum
 * instead, with the pricing rule in the 402's description: indexes register a route by probing it with a bare
 * GET or POST and expect a 402 with a price. Nothing can be bought at that floor: a paid call is quoted from
 * its parameters, and a bare one has none that validate (422, nothing charged).
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
    if (op.route.price.kind === "dynamic" && !carriesPayment((name) => c.req.header(name)) && (await isBare(c))) {
      c.get("scope").quoteUsd = floorUsd(op.route.price);
      return next();
    }
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

/** No parameter at all: an empty query string and no body, an empty one, or `{}` (Hono keeps the body for the handler). */
async function isBare(c: Context<AppEnv>): Promise<boolean> {
  if (Object.keys(c.req.query()).length > 0) return false;
  if (c.req.method !== "POST" || !mayHaveBody(c)) return true;
  const text = (await c.req.text()).trim();
  return text === "" || /^\{\s*\}$/.test(text);
}
