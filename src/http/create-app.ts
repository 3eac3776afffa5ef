import { OpenAPIHono } from "@hono/zod-openapi";
import { cors } from "hono/cors";
import type { Logger } from "pino";
import { ROUTE_CATALOG, type CatalogRoute } from "../contracts/route-catalog.js";
import { AppError } from "../domain/app-error.js";
import type { Clock } from "../domain/clock.js";
import type { PaymentGate } from "../payments/payment-gate.js";
import type { ResponseSigner } from "../payments/response-signer.js";
import type { ClientKeyer } from "../services/client-keyer.js";
import type { AppEnv } from "./app-env.js";
import { errorResponse } from "./error-responses.js";
import { paymentEdge } from "./middleware/payment-edge.js";
import { requestContext, type RequestScopeStore } from "./middleware/request-context.js";
import { requestLogging, type RequestLogSink } from "./middleware/request-logging.js";
import { responseSigning } from "./middleware/response-signing.js";
import { mountOperation } from "./mount-operation.js";
import type { RouteModule } from "./route-module.js";

export interface AppDeps {
  logger: Logger;
  clock: Clock;
  signer: ResponseSigner;
  scopes: RequestScopeStore;
  requestLog: RequestLogSink;
  clientKeyer: ClientKeyer;
  /** Built by the composition root from the same operations, so only mounted routes are gated. */
  paymentGate: PaymentGate | undefined;
  operations: readonly RouteModule[];
  /** Routes that are not operations (discovery documents, faucet): they register themselves. */
  extraRoutes: ReadonlyArray<(app: OpenAPIHono<AppEnv>) => void>;
}

const EXPOSED_HEADERS = [
  "PAYMENT-REQUIRED",
  "PAYMENT-RESPONSE",
  "WWW-Authenticate",
  "Payment-Receipt",
  "X-Response-Hash",
  "X-Response-Signature",
  "X-Signer",
  "X-Request-Id",
  "Retry-After",
];

/**
 * The HTTP application. Middleware order matters: the request scope opens first, the log row is written
 * last (it sees the final status), signing wraps the payment gate (only settled bodies are signed), and the
 * gate answers 402 before any parameter is looked at.
 */
export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>();
  const mountedPaths = new Map<string, CatalogRoute>();
  for (const op of deps.operations) mountedPaths.set(op.route.path, op.route);
  const routeForPath = (path: string) => mountedPaths.get(path) ?? ROUTE_CATALOG.find((r) => r.path === path);

  app.use(
    "*",
    cors({
      origin: "*",
      allowMethods: ["GET", "POST", "OPTIONS"],
      allowHeaders: ["Content-Type", "PAYMENT-SIGNATURE", "Authorization", "X-Request-Id"],
      exposeHeaders: EXPOSED_HEADERS,
    }),
  );
  app.use("*", requestContext(deps.scopes, (path) => routeForPath(path)?.operationId ?? null));
  app.use("*", requestLogging({ sink: deps.requestLog, keyer: deps.clientKeyer, clock: deps.clock, logger: deps.logger, routeForPath }));
  app.use("*", responseSigning(deps.signer));
  if (deps.paymentGate !== undefined) app.use("*", paymentEdge(deps.paymentGate.middleware));

  for (const op of deps.operations) mountOperation(app, op.route, op.contract, op.handle);
  for (const register of deps.extraRoutes) register(app);

  app.notFound((c) => errorResponse(c, new AppError("NOT_FOUND", `No route ${c.req.method} ${c.req.path}; see /api or /openapi.json`)));
  app.onError((error, c) => {
    if (error instanceof AppError) return errorResponse(c, error);
    deps.logger.error({ err: error, requestId: c.get("requestId") }, "unhandled error");
    return errorResponse(c, new AppError("INTERNAL", "Internal error; nothing was charged. Quote the request_id if you report it."));
  });
  return app;
}
