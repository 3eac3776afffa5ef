import { OpenAPIHono } from "@hono/zod-openapi";
import { cors } from "hono/cors";
import type { Logger } from "pino";
import type { EdgeLimits } from "../config/config.js";
import { isHeavyRoute, ROUTE_CATALOG, type CatalogRoute } from "../contracts/route-catalog.js";
import { AppError } from "../domain/app-error.js";
import type { Clock } from "../domain/clock.js";
import type { PaymentGate } from "../payments/payment-gate.js";
import type { ResponseSigner } from "../payments/response-signer.js";
import type { ClientKeyer } from "../services/client-keyer.js";
import type { AnswerEncoder } from "./answer-encoding/answer-encoder.js";
import type { AppEnv } from "./app-env.js";
import { isClientDisconnect } from "./client-disconnect.js";
import { errorResponse, STATUS_BY_CODE } from "./error-responses.js";
import { bodyLimit } from "./middleware/body-limit.js";
import { compression } from "./middleware/compression.js";
import { dynamicQuote } from "./middleware/dynamic-quote.js";
import { heavyRouteBulkhead } from "./middleware/heavy-route-bulkhead.js";
import { methodGuard, routedMethods } from "./middleware/method-guard.js";
import { paymentEdge } from "./middleware/payment-edge.js";
import { rateLimit, type RateClass } from "./middleware/rate-limit.js";
import { requestContext, type RequestScopeStore } from "./middleware/request-context.js";
import { requestLogging, type RequestLogSink } from "./middleware/request-logging.js";
import { responseSigning } from "./middleware/response-signing.js";
import { securityHeaders } from "./middleware/security-headers.js";
import { mountOperation, type ServedHook } from "./mount-operation.js";
import { afterServed } from "./middleware/after-served.js";
import { FORECAST_CLAIMS } from "./forecast-claims/forecast-claim-table.js";
import type { ForecastClaim } from "../domain/forecast-claim.js";
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
  /** Body and rate limits enforced before any route or payment code runs. */
  edge: EdgeLimits;
  /** Sends HSTS (only meaningful when the service is reached over https). */
  httpsOnly: boolean;
  /** Where served forecasts are logged (services/track-record/forecast-recorder.ts); none: nothing is logged. */
  forecastLog?: { record(claims: readonly ForecastClaim[], served: { source: "live"; responseSha256: string }): Promise<unknown> };
  /** Serialises the operations' answers; default: on the event loop, as c.json does. */
  answerEncoder?: AnswerEncoder;
}

/** Not a standard status: what nginx logs for a client that left before it was answered. */
const CLIENT_CLOSED_REQUEST = 499 as const;

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

/** The served-hook that logs an operation's forecasts, for the operations FORECAST_CLAIMS lists. */
function forecastLogging(deps: AppDeps, operationId: string): ServedHook | undefined {
  const extract = FORECAST_CLAIMS.get(operationId);
  const log = deps.forecastLog;
  if (extract === undefined || log === undefined) return undefined;
  return (params, body, responseSha256) => log.record(extract(params, body), { source: "live", responseSha256 });
}

/** Free answers that change only with a deployment: the discovery documents and the two pages' files. */
function isStaticDocument(path: string): boolean {
  return path === "/openapi.json" || path === "/llms.txt" || path === "/" || path.startsWith("/docs") || path.startsWith("/web/");
}

/**
 * The HTTP application. Middleware order matters: security headers wrap everything (errors and preflights
 * too); the request scope opens next, the log row is written last (it sees the final status); then the edge
 * refuses what no route should see (wrong method 405, HEAD on a paid path quoted and never settled, too many
 * free calls 429, oversized body 413) before signing and the payment gate; signing wraps the gate (only
 * settled bodies are signed), and the gate answers 402 before any parameter is looked at, except on a
 * dynamically priced route, whose price is quoted from its validated parameters just before the gate.
 */
export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>();
  const mountedPaths = new Map<string, CatalogRoute>();
  for (const op of deps.operations) mountedPaths.set(op.route.path, op.route);
  const routeForPath = (path: string) => mountedPaths.get(path) ?? ROUTE_CATALOG.find((r) => r.path === path);
  const isPaid = (path: string) => (mountedPaths.get(path)?.price.kind ?? "free") !== "free";
  const isDynamic = (path: string) => mountedPaths.get(path)?.price.kind === "dynamic";
  // Every call to a dynamically priced route costs us a quote before any payment is checked (for /api/route, a
  // call to the seller), so each draws from the free bucket, whatever payment header it carries (a junk header
  // must not buy unlimited quotes); calls to fixed-price routes are never limited.
  const rateClassOf = (path: string): RateClass =>
    isDynamic(path) ? "free" : isPaid(path) ? "paid" : mountedPaths.get(path)?.operationId === "dev_faucet" ? "faucet" : "free";
  // Read from the router on first use, once every route below has registered.
  let methodsByPath: Map<string, Set<string>> | undefined;
  const routed = () => (methodsByPath ??= routedMethods(app.routes));
  const methodsFor = (path: string) => routed().get(path);

  app.use("*", securityHeaders({ httpsOnly: deps.httpsOnly }));
  // Outside signing: the signature stays over the decoded bytes (see compression.ts).
  app.use("*", compression({ isStatic: isStaticDocument }));
  app.use(
    "*",
    cors({
      origin: "*",
      allowMethods: ["GET", "POST", "OPTIONS"],
      // X-PAYMENT: the header x402 v1 clients pay with (v2 sends PAYMENT-SIGNATURE); a browser client of
      // either must be allowed to send it, or its preflight fails before the gate can answer.
      allowHeaders: ["Content-Type", "PAYMENT-SIGNATURE", "X-PAYMENT", "Authorization", "X-Request-Id"],
      exposeHeaders: EXPOSED_HEADERS,
    }),
  );
  app.use("*", requestContext(deps.scopes, (path) => routeForPath(path)?.operationId ?? null));
  app.use("*", requestLogging({ sink: deps.requestLog, keyer: deps.clientKeyer, clock: deps.clock, logger: deps.logger, routeForPath, trustProxy: deps.edge.trustProxy }));
  app.use("*", methodGuard({ methodsFor, knownPaths: () => routed().keys(), isPaid, isDynamic, gate: deps.paymentGate?.middleware }));
  app.use(
    "*",
    rateLimit({
      clock: deps.clock,
      freePerMinute: deps.edge.freeRequestsPerMinute,
      faucetPerMinute: deps.edge.faucetRequestsPerMinute,
      trustProxy: deps.edge.trustProxy,
      rateClassOf,
    }),
  );
  app.use("*", bodyLimit(deps.edge.bodyLimitBytes));
  app.use("*", dynamicQuote(deps.operations));
  app.use("*", heavyRouteBulkhead({ isHeavy: (path) => isHeavyRoute(routeForPath(path)), limit: deps.edge.heavyRouteConcurrency }));
  // Outside the payment edge: it runs only for an answer that was settled and signed.
  app.use("*", afterServed(deps.logger));
  if (deps.paymentGate !== undefined) app.use("*", paymentEdge(deps.paymentGate.middleware, deps.logger));
  // Innermost, right around the handlers: see response-signing.ts.
  app.use("*", responseSigning(deps.signer));

  for (const op of deps.operations) mountOperation(app, op.route, op.contract, op.handle, op.html, deps.answerEncoder, forecastLogging(deps, op.route.operationId));
  for (const register of deps.extraRoutes) register(app);

  app.notFound((c) => {
    c.set("unrouted", true);
    return errorResponse(c, new AppError("NOT_FOUND", `No route ${c.req.method} ${c.req.path}; see /api or /openapi.json`));
  });
  app.onError((error, c) => {
    const ids = { requestId: c.get("requestId"), clientRequestId: c.get("scope")?.clientRequestId };
    if (error instanceof AppError) {
      // A 5xx body carries only a short reason (see errorResponse); the full message is logged here, once.
      if (STATUS_BY_CODE[error.code] >= 500) deps.logger.warn({ ...ids, code: error.code, detail: error.message, err: error.cause }, "server-side error");
      return errorResponse(c, error);
    }
    if (isClientDisconnect(error, c)) {
      // Nobody is left to answer; the status only tells the request log (nginx's "client closed request").
      deps.logger.debug({ ...ids, code: "CLIENT_DISCONNECTED", reason: (error as Error).message }, "client disconnected mid-request");
      return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    }
    deps.logger.error({ err: error, ...ids }, "unhandled error");
    return errorResponse(c, new AppError("INTERNAL", "Internal error; nothing was charged. Quote the request_id if you report it."));
  });
  return app;
}
