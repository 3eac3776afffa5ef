import { z } from "@hono/zod-openapi";
import type { FacilitatorClient, RouteConfig, RoutesConfig } from "@x402/core/server";
import { x402ResourceServer } from "@x402/core/server";
import { registerExactEvmScheme } from "@x402/evm/exact/server";
import { bazaarResourceServerExtension, declareDiscoveryExtension } from "@x402/extensions/bazaar";
import { paymentMiddlewareFromHTTPServer } from "@x402/hono";
import type { MiddlewareHandler } from "hono";
import type { OperationContract } from "../contracts/operation-contract.js";
import type { CatalogRoute, HttpMethod } from "../contracts/route-catalog.js";
import { dualPaymentMiddleware } from "./dual-payment-middleware.js";
import { compactExample } from "./compact-example.js";
import { resourceDescription } from "./dynamic-price-floor.js";
import { lazyMppCharge } from "./lazy-mpp-charge.js";
import { PrevalidatedRoutesServer } from "./prevalidated-routes-server.js";
import { BASE_NETWORK, PAYMENT_TIMEOUT_SECONDS, USDC_ADDRESS, USDC_EIP712, usdToAtomic } from "./usdc-on-base.js";

export interface PaidOperation {
  route: CatalogRoute;
  contract: OperationContract;
}

export interface PaymentGateOptions {
  facilitator: FacilitatorClient;
  payTo: string;
  publicBaseUrl: string;
  operations: readonly PaidOperation[];
  /** Called with the resource server before first use, to attach ledger hooks. */
  configure?: (server: x402ResourceServer) => void;
  /** The USD quote of the current request on a dynamically priced route (set before the gate runs). */
  currentQuoteUsd?: () => number | undefined;
  /** Also offer and accept MPP (`Payment` auth, method "evm", intent "charge") on every gated route. */
  mpp?: { secretKey: string; realm: string };
}

export interface PaymentGate {
  middleware: MiddlewareHandler;
  resourceServer: x402ResourceServer;
  /** Every paid route as x402 serves it, bazaar declarations included (validated by bazaar-declarations.test.ts). */
  routes: RoutesConfig;
  mppEnabled: boolean;
  /** Loads what the first paid call would otherwise load (mppx); the server calls it after listening. */
  warmUp(): Promise<void>;
}

/**
 * x402 v2 in front of every paid operation, through the official Hono binding: an unpaid call answers 402
 * with PAYMENT-REQUIRED whatever its parameters; a paid call is verified, the handler runs, and settlement
 * happens only when the handler answered below 400. With `mpp`, the same routes also offer and accept MPP
 * `evm`/`charge`, verified and settled through the same resource server in the same order.
 */
export function createPaymentGate(options: PaymentGateOptions): PaymentGate {
  const resourceServer = new x402ResourceServer(options.facilitator);
  registerExactEvmScheme(resourceServer, { networks: [BASE_NETWORK] });
  // Registered here rather than lazily by the Hono binding, so MPP quotes carry the bazaar extension from the first call.
  resourceServer.registerExtension(bazaarResourceServerExtension);
  options.configure?.(resourceServer);
  // One entry per method ("GET /path", "POST /path"): a GET's bazaar input is its query string, a POST's its body.
  const routes: Record<string, RouteConfig> = {};
  for (const operation of options.operations) {
    for (const method of operation.route.methods) routes[`${method} ${operation.route.path}`] = routeConfig(operation, method, options);
  }
  const httpServer = new PrevalidatedRoutesServer(resourceServer, routes);
  if (options.mpp === undefined) {
    // The binding syncs with the facilitator itself here; nothing of ours to warm.
    const middleware = paymentMiddlewareFromHTTPServer(httpServer) as MiddlewareHandler;
    return { middleware, resourceServer, routes, mppEnabled: false, warmUp: async () => undefined };
  }
  // Both protocols share one facilitator sync: a second `initialize()` would clear the supported-kinds
  // table while the other path reads it. Started now (as the binding would), retried after a failure.
  let initialization: Promise<void> | undefined;
  const initialize = () => {
    initialization ??= httpServer.initialize().catch((error: unknown) => {
      initialization = undefined;
      throw error;
    });
    return initialization;
  };
  initialize().catch(() => {
    // Reported to the first paid request that needs it (as a 503), not as an unhandled rejection.
  });
  // mppx costs about 0.6 s of module loading: loaded after listening (warmUp) or by the first paid call.
  const { secretKey, realm } = options.mpp;
  const charge = lazyMppCharge(async () => (await import("./mpp-charge.js")).createMppCharge({ secretKey, realm, payTo: options.payTo }));
  const middleware = dualPaymentMiddleware({
    httpServer,
    x402: paymentMiddlewareFromHTTPServer(httpServer, undefined, undefined, false) as MiddlewareHandler,
    initialize,
    charge,
  });
  // mppx, and the facilitator sync the first paid call would otherwise wait for (a facilitator that cannot be
  // reached now is reported to that call). Building one 402 here as well saved 2-4 ms of the first caller's
  // 10 ms of CPU: not worth the code.
  const warmUp = async () => void (await Promise.all([charge.load(), initialize().catch(() => undefined)]));
  return { middleware, resourceServer, routes, mppEnabled: true, warmUp };
}

/** Room for the output example inside PAYMENT-REQUIRED, which should stay under 8 KiB (see compact-example.ts). */
const OUTPUT_EXAMPLE_MAX_BYTES = 2_000;

function routeConfig({ route, contract }: PaidOperation, method: HttpMethod, options: PaymentGateOptions): RouteConfig {
  const inputSchema = z.toJSONSchema(contract.params, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  const input = {
    input: contract.example.params,
    inputSchema: { properties: inputSchema.properties ?? {}, required: inputSchema.required ?? [] },
    output: { example: compactExample(contract.example.response, OUTPUT_EXAMPLE_MAX_BYTES) },
  };
  return {
    accepts: {
      scheme: "exact",
      network: BASE_NETWORK,
      payTo: options.payTo,
      price: priceOf(route, options),
      maxTimeoutSeconds: PAYMENT_TIMEOUT_SECONDS,
    },
    resource: `${options.publicBaseUrl}${route.path}`,
    description: resourceDescription(route),
    mimeType: "application/json",
    serviceName: "Precedent",
    // A GET cannot carry a body: its input is the query string ({method: "GET", queryParams}).
    extensions: { ...declareDiscoveryExtension(method === "GET" ? input : { ...input, bodyType: "json" }) },
  };
}

/** A fixed price, or for a dynamic one a function x402 calls per request (for the 402 and again to verify). */
type GatePrice = Extract<RouteConfig["accepts"], { price: unknown }>["price"];

function priceOf(route: CatalogRoute, options: PaymentGateOptions): GatePrice {
  const usdc = (usd: number) => ({ amount: usdToAtomic(usd), asset: USDC_ADDRESS, extra: { ...USDC_EIP712 } });
  if (route.price.kind === "fixed") return usdc(route.price.usd);
  if (route.price.kind === "free") throw new Error(`${route.operationId} is free and must not be gated`);
  return () => {
    const usd = options.currentQuoteUsd?.();
    // The dynamic-quote middleware sets it for every dynamic route before the gate; missing means miswired.
    if (usd === undefined) throw new Error(`no price was quoted for ${route.path} before the payment gate`);
    return usdc(usd);
  };
}
