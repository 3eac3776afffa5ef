import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { CatalogRoute } from "../../contracts/route-catalog.js";
import type { Clock } from "../../domain/clock.js";
import type { ClientKeyer } from "../../services/client-keyer.js";
import { assistantLabel, ecosystemLabel } from "../../services/client-labels.js";
import { categoryOf, normalisePath, priceBandOf } from "../../services/demand/request-facets.js";
import { userAgentRoles } from "../../services/demand/user-agent-roles.js";
import type { RequestLogEntry, RequestOutcome } from "../../storage/repos/request-log.js";
import type { AppEnv } from "../app-env.js";
import { isRehearsal } from "../rehearsal.js";
import { clientAddress } from "./client-address.js";

export interface RequestLogSink {
  append(entry: RequestLogEntry): Promise<void>;
}

/**
 * Records every request (the demand reports are built on it): operation, status, outcome (quote = 402,
 * served = paid 200, free, error), price, a keyed client hash and coarse labels. The row is written before
 * the response leaves, so an acknowledged request is never missing from the log. The node's own warm-up
 * requests (../rehearsal.ts) are not callers and are not recorded.
 */
export function requestLogging(deps: {
  sink: RequestLogSink;
  keyer: ClientKeyer;
  clock: Clock;
  logger: Logger;
  routeForPath: (path: string) => CatalogRoute | undefined;
  /** The rate limiter's setting: X-Forwarded-For counts only behind a proxy we trust (see client-address.ts). */
  trustProxy: boolean;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isRehearsal(c.env)) return next();
    const startedMs = performance.now();
    const identity = () => ({ payer: c.get("scope")?.payer, ip: clientAddress(c, deps.trustProxy), userAgent: c.req.header("user-agent") });
    // Handlers that record events (the router) key the caller exactly as this log row will.
    const opened = c.get("scope");
    if (opened !== undefined) opened.clientKey = () => deps.keyer.keyFor(identity(), deps.clock.nowMs());
    await next();
    const route = deps.routeForPath(c.req.path);
    const scope = c.get("scope");
    const status = c.res.status;
    const paid = route !== undefined && route.price.kind !== "free";
    // A 402 after a verified payment is a failed settlement, not a quote: it must not count as unmet demand.
    const outcome: RequestOutcome =
      status === 402 && scope?.payer === undefined ? "quote" : status >= 400 ? "error" : paid && scope?.settled === true ? "served" : "free";
    const nowMs = deps.clock.nowMs();
    const unrouted = c.get("unrouted") === true;
    // A served route is logged under its catalog path; anything else under its normalised path (identifiers masked).
    const path = route !== undefined && !unrouted ? route.path : normalisePath(c.req.path);
    try {
      const clientKey = await deps.keyer.keyFor(identity(), nowMs);
      await deps.sink.append({
        tsMs: nowMs,
        requestId: c.get("requestId"),
        operationId: route?.operationId ?? null,
        method: c.req.method,
        path,
        status,
        outcome,
        priceUsd: route?.price.kind === "fixed" ? route.price.usd : (scope?.quoteUsd ?? null),
        clientKey,
        ecosystem: ecosystemLabel(c.req.header("user-agent")),
        assistant: assistantLabel(c.req.header("referer"), c.req.query("utm_source") ?? null),
        durationMs: Math.round((performance.now() - startedMs) * 100) / 100,
        demand: {
          unrouted,
          ...userAgentRoles(c.req.header("user-agent")),
          // Both facets are functions of the logged path (the privacy rules rely on it).
          category: categoryOf(deps.routeForPath(path), path),
          priceBand: unrouted ? null : priceBandOf(route),
        },
      });
    } catch (error) {
      deps.logger.error({ err: error, requestId: c.get("requestId"), clientRequestId: scope?.clientRequestId }, "request log write failed");
    }
  };
}
