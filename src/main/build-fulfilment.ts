import type { Hex } from "viem";
import type { Config } from "../config/config.js";
import { ROUTE_MAX_SELLER_BODY_BYTES } from "../contracts/fulfilment/route.js";
import type { Clock } from "../domain/clock.js";
import type { RouteModule } from "../http/route-module.js";
import { routeRoute } from "../http/routes/fulfilment/route.js";
import { createRouteWallet } from "../payments/route-wallet.js";
import { safeFetch } from "../providers/http/safe-fetch.js";
import { createSafeOutboundClient, type Resolve } from "../providers/http/safe-outbound-client.js";
import { FulfilmentService } from "../services/fulfilment/fulfilment-service.js";
import type { Database } from "../storage/create-database.js";
import { Fulfilments } from "../storage/repos/fulfilments.js";

export interface FulfilmentDeps {
  config: Readonly<Config>;
  database: Database;
  clock: Clock;
  /** Test seam: DNS of the SSRF-safe client. */
  resolve?: Resolve;
}

/**
 * Route-and-fulfil (/api/route), only with a route wallet (ROUTE_WALLET_PRIVATE_KEY): without one there is
 * nothing to pay sellers with, so the route is not mounted (and so not listed or documented).
 */
export function buildFulfilment(deps: FulfilmentDeps): { routes: RouteModule[]; close(): Promise<void> } {
  const key = deps.config.routeWalletPrivateKey;
  if (key === undefined) return { routes: [], close: async () => undefined };
  // Its own SSRF-safe client: a seller's body is relayed, so it is bounded tighter than the 1 MiB default; and
  // no kept-alive connections, so a purchase never goes out on a socket the seller has just closed (a paid
  // request lost that way would fail the purchase for nothing).
  const outbound = createSafeOutboundClient({
    allowHosts: deps.config.outboundAllowHosts,
    resolve: deps.resolve,
    maxResponseBytes: ROUTE_MAX_SELLER_BODY_BYTES,
    keepAlive: false,
  });
  const service = new FulfilmentService({
    outbound,
    wallet: createRouteWallet(key as Hex, safeFetch(outbound)),
    log: new Fulfilments(deps.database.db),
    clock: deps.clock,
    ownHost: new URL(deps.config.publicBaseUrl).host,
  });
  return { routes: [routeRoute(service)], close: () => outbound.close() };
}
