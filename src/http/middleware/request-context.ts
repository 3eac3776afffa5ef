import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";

/** What the payment hooks (which see no Hono context) need to know about the request they run inside. */
export interface RequestScope {
  requestId: string;
  operationId: string | null;
  /** Set by the payment hooks: who paid, so the request log can key the client by wallet. */
  payer?: string;
  /** Set when a settlement succeeded, so the request log can say the call was served paid. */
  settled?: boolean;
}

export class RequestScopeStore {
  private readonly storage = new AsyncLocalStorage<RequestScope>();

  current(): RequestScope | undefined {
    return this.storage.getStore();
  }

  run<T>(scope: RequestScope, work: () => T): T {
    return this.storage.run(scope, work);
  }
}

/**
 * Gives each request an id (echoed as `X-Request-Id`) and opens the scope the payment hooks write into.
 * A caller-supplied id is kept only when it is short and plain, so log lines stay trustworthy.
 */
export function requestContext(
  scopes: RequestScopeStore,
  operationIdForPath: (path: string) => string | null,
): MiddlewareHandler {
  return async (c, next) => {
    const supplied = c.req.header("x-request-id");
    const requestId = supplied !== undefined && /^[A-Za-z0-9._-]{1,64}$/.test(supplied) ? supplied : randomUUID();
    c.set("requestId", requestId);
    const scope: RequestScope = { requestId, operationId: operationIdForPath(c.req.path) };
    c.set("scope", scope);
    await scopes.run(scope, next);
    c.header("X-Request-Id", requestId);
  };
}
