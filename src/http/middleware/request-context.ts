import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";

/** What the payment hooks (which see no Hono context) need to know about the request they run inside. */
export interface RequestScope {
  /** Ours, generated for every request: the id in the ledger, the request log and error bodies. */
  requestId: string;
  /** The caller's X-Request-Id when short and plain, kept only for correlating log lines; never our id. */
  clientRequestId?: string;
  operationId: string | null;
  /** Set by the payment hooks: who paid, so the request log can key the client by wallet. */
  payer?: string;
  /** Set by the payment hooks before verification: which protocol pays (the claim and the ledger keep it). */
  paymentProtocol?: "x402" | "mpp";
  /** Set before the gate on dynamically priced routes: the USD price of this request's parameters. */
  quoteUsd?: number;
  /**
   * Registered by handlers that record something paid for (an arena entry, a campaign, a sponsorship): run when
   * the settlement of this request explicitly fails, so nothing stays recorded that was never paid.
   */
  undoIfUnpaid?: Array<() => Promise<void>>;
  /**
   * Registered by operations whose answer is a forecast (http/forecast-claims): run once the answer is a signed
   * 200 that was settled (or free), with the sha256 hex of its signed body (middleware/after-served.ts).
   */
  afterServed?: Array<(responseSha256: string) => Promise<unknown>>;
  /** Set when a settlement succeeded, so the request log can say the call was served paid. */
  settled?: boolean;
  /** The request log's client key of this caller (set by the request logging middleware), for handlers that record events. */
  clientKey?: () => Promise<string>;
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
 * Gives each request our own id (a fresh UUID, echoed as `X-Request-Id`) and opens the scope the payment
 * hooks write into. A caller's `X-Request-Id` is never used as ours (two callers could send the same one,
 * or forge another's): it is kept apart as `clientRequestId`, only when short and plain, for log lines.
 */
export function requestContext(
  scopes: RequestScopeStore,
  operationIdForPath: (path: string) => string | null,
): MiddlewareHandler {
  return async (c, next) => {
    const supplied = c.req.header("x-request-id");
    const clientRequestId = supplied !== undefined && /^[A-Za-z0-9._-]{1,64}$/.test(supplied) ? supplied : undefined;
    const requestId = randomUUID();
    c.set("requestId", requestId);
    const scope: RequestScope = { requestId, operationId: operationIdForPath(c.req.path), ...(clientRequestId === undefined ? {} : { clientRequestId }) };
    c.set("scope", scope);
    await scopes.run(scope, next);
    c.header("X-Request-Id", requestId);
  };
}
