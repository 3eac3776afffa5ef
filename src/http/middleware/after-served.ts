import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { AppEnv } from "../app-env.js";

/**
 * Runs what operations registered for after their answer was served (RequestScope.afterServed: the forecast
 * log), once the answer is final: a 200 that carries its signature, which on a paid route means it was settled
 * (a failed settlement answers 402, and nothing runs). It sits outside the payment edge for that reason. The
 * hooks are awaited, so the record exists when the caller has the answer; one that fails is logged and the
 * answer, already paid for, still leaves.
 */
export function afterServed(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const hooks = c.get("scope")?.afterServed;
    if (hooks === undefined || c.res.status !== 200) return;
    const hash = /^sha256=([0-9a-f]{64})$/.exec(c.res.headers.get("X-Response-Hash") ?? "")?.[1];
    if (hash === undefined) return;
    for (const hook of hooks) {
      try {
        await hook(hash);
      } catch (error) {
        logger.warn({ requestId: c.get("requestId"), err: error }, "after-served hook failed (the answer was served)");
      }
    }
  };
}
