import { x402HTTPResourceServer, type RoutesConfig, type RouteConfig, type x402ResourceServer } from "@x402/core/server";

/**
 * The x402 HTTP resource server, as seen by x402's Hono binding without the bazaar self-check.
 *
 * When the binding is created it runs `validateBazaarRouteExtensions` on `server.routes` if any route declares
 * `extensions.bazaar`: a fresh Ajv instance and schema compile per route, about 1 s of main-thread CPU for our
 * 57 paid routes at every start, awaited by the first paid request. The check only logs warnings, and the
 * binding (2.27) has no option to skip it (x402 issues #3029, #3446, #3556). Our declarations are static, so
 * test/payments/bazaar-declarations.test.ts runs the same stock validator over every paid route instead.
 *
 * `routes` is read only by that check; it returns the routes without their extensions. Everything that serves
 * a request (402 bodies, verification, settlement) reads the compiled route table built by the constructor
 * from the full configuration, so unpaid calls still carry the bazaar extension (x402-payments.test.ts).
 */
export class PrevalidatedRoutesServer extends x402HTTPResourceServer {
  private readonly routesWithoutExtensions: Record<string, RouteConfig>;

  constructor(resourceServer: x402ResourceServer, routes: Record<string, RouteConfig>) {
    super(resourceServer, routes);
    this.routesWithoutExtensions = Object.fromEntries(
      Object.entries(routes).map(([pattern, { extensions: _validatedByTests, ...config }]) => [pattern, config]),
    );
  }

  override get routes(): RoutesConfig {
    return this.routesWithoutExtensions;
  }
}
