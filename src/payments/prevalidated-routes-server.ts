import type { HTTPProcessResult, HTTPRequestContext, PaywallConfig } from "@x402/core/server";
import { x402HTTPResourceServer, type RoutesConfig, type RouteConfig, type x402ResourceServer } from "@x402/core/server";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import { PaymentHeaderAdapter } from "./payment-header-adapter.js";
import { alignEchoAcrossMethods, bindingRefusal, decodePayment, echoedMethod, withRefusal } from "./route-binding.js";

/**
 * The x402 HTTP resource server, as seen by x402's Hono binding: without the bazaar self-check, and with every
 * payment bound to the route it pays for.
 *
 * Self-check: when the binding is created it runs `validateBazaarRouteExtensions` on `server.routes` if any route
 * declares `extensions.bazaar`: a fresh Ajv instance and schema compile per route, about 1 s of main-thread CPU
 * for our 57 paid routes at every start, awaited by the first paid request. The check only logs warnings, and the
 * binding (2.27) has no option to skip it (x402 issues #3029, #3446, #3556). Our declarations are static, so
 * test/payments/bazaar-declarations.test.ts runs the same stock validator over every paid route instead.
 * `routes` is read only by that check; it returns the routes without their extensions. Everything that serves
 * a request (402 bodies, verification, settlement) reads the compiled route table built by the constructor
 * from the full configuration, so unpaid calls still carry the bazaar extension (x402-payments.test.ts).
 *
 * Binding (route-binding.ts): x402 core matches a payment by its accepted terms only, so a payment quoted for
 * one route was accepted on any route of the same price. Here a payment whose `resource.url` is not the served
 * route's is refused with 402 `payment_resource_mismatch` (or `payment_resource_missing`) before anything is
 * verified or claimed; and one quoted on the route's other method (POST quote, GET payment) has its bazaar
 * echo aligned with the method served instead of being refused as `extension_echo_mismatch`.
 */
export class PrevalidatedRoutesServer extends x402HTTPResourceServer {
  private readonly routesWithoutExtensions: Record<string, RouteConfig>;
  /** Keys are "METHOD /path", as the routes are declared (payment-gate.ts). */
  private readonly configs: Map<string, RouteConfig>;

  constructor(
    private readonly resourceServer: x402ResourceServer,
    routes: Record<string, RouteConfig>,
  ) {
    super(resourceServer, routes);
    this.routesWithoutExtensions = Object.fromEntries(
      Object.entries(routes).map(([pattern, { extensions: _validatedByTests, ...config }]) => [pattern, config]),
    );
    this.configs = new Map(Object.entries(routes));
  }

  override get routes(): RoutesConfig {
    return this.routesWithoutExtensions;
  }

  override async processHTTPRequest(context: HTTPRequestContext, paywallConfig?: PaywallConfig): Promise<HTTPProcessResult> {
    const header = context.adapter.getHeader("payment-signature");
    const method = (context.method || context.adapter.getMethod()).toUpperCase();
    // The edge answers loose spellings of a paid path with 404 before the gate, so the path is exact here.
    const served = this.configs.get(`${method} ${context.path}`);
    const payment = header ? decodePayment(header) : undefined;
    if (served === undefined || payment === undefined) return super.processHTTPRequest(context, paywallConfig);

    const refusal = bindingRefusal(payment, String(served.resource));
    if (refusal !== undefined) {
      const unpaid = { ...context, adapter: new PaymentHeaderAdapter(context.adapter, undefined), paymentHeader: undefined };
      const quote = await super.processHTTPRequest(unpaid, paywallConfig);
      return quote.type === "payment-error" ? { ...quote, response: withRefusal(quote.response, refusal) } : quote;
    }

    const quotedWith = echoedMethod(payment);
    const quoted = quotedWith === undefined || quotedWith === method ? undefined : this.configs.get(`${quotedWith} ${context.path}`);
    if (quoted === undefined) return super.processHTTPRequest(context, paywallConfig);
    const enrichment = (m: string) => ({ ...context, method: m, routePattern: context.path });
    const aligned = alignEchoAcrossMethods(
      this.resourceServer,
      payment,
      { config: quoted, context: enrichment(quotedWith!) },
      { config: served, context: enrichment(method) },
    );
    if (aligned === undefined) return super.processHTTPRequest(context, paywallConfig);
    const rewritten = encodePaymentSignatureHeader(aligned);
    return super.processHTTPRequest({ ...context, adapter: new PaymentHeaderAdapter(context.adapter, rewritten), paymentHeader: rewritten }, paywallConfig);
  }
}
