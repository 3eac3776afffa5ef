import type { ResponseSignature } from "../payments/response-signer.js";
import type { RequestScope } from "./middleware/request-context.js";

/** Per-request values carried on the Hono context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    scope: RequestScope;
    /** Set when no route matched the path (the request log records it as a path we do not serve). */
    unrouted: boolean;
    /** The signature of a paid 200, computed while it is settled (middleware/response-signing.ts). */
    deferredSignature: Promise<ResponseSignature>;
  };
}
