import type { RequestScope } from "./middleware/request-context.js";

/** Per-request values carried on the Hono context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    scope: RequestScope;
  };
}
