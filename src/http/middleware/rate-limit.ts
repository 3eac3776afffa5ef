import type { MiddlewareHandler } from "hono";
import { AppError } from "../../domain/app-error.js";
import type { Clock } from "../../domain/clock.js";
import type { AppEnv } from "../app-env.js";
import { errorResponse } from "../error-responses.js";
import { clientAddress, rateLimitKey } from "./client-address.js";
import { TokenBuckets } from "./token-buckets.js";

/** Which bucket a path draws from: paid routes draw from none (callers are limited by paying). */
export type RateClass = "free" | "faucet" | "paid";

/**
 * Per-client, per-node rate limit on everything that costs us work but the caller nothing: free routes,
 * discovery documents, unknown paths, unpaid quotes of dynamically priced routes, and (with its own,
 * lower limit) the dev faucet. Over the limit a
 * request answers 429 RATE_LIMITED with Retry-After before any route code runs. A limit of 0 turns it off.
 */
export function rateLimit(deps: {
  clock: Clock;
  freePerMinute: number;
  faucetPerMinute: number;
  trustProxy: boolean;
  rateClassOf: (path: string) => RateClass;
}): MiddlewareHandler<AppEnv> {
  const buckets: Record<Exclude<RateClass, "paid">, TokenBuckets | undefined> = {
    free: deps.freePerMinute > 0 ? new TokenBuckets(deps.freePerMinute) : undefined,
    faucet: deps.faucetPerMinute > 0 ? new TokenBuckets(deps.faucetPerMinute) : undefined,
  };
  return async (c, next) => {
    const rateClass = deps.rateClassOf(c.req.path);
    const bucket = rateClass === "paid" ? undefined : buckets[rateClass];
    if (bucket === undefined || c.req.method === "OPTIONS") return next();
    const taken = bucket.take(rateLimitKey(clientAddress(c, deps.trustProxy)), deps.clock.nowMs());
    if (!taken.allowed) {
      return errorResponse(
        c,
        new AppError("RATE_LIMITED", `Too many requests to free routes from this client; retry after ${taken.retryAfterSeconds} s`, {
          retryAfterSeconds: taken.retryAfterSeconds,
        }),
      );
    }
    return next();
  };
}
