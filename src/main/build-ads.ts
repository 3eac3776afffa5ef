import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../config/config.js";
import type { Clock } from "../domain/clock.js";
import type { AppEnv } from "../http/app-env.js";
import type { RouteModule } from "../http/route-module.js";
import { registerAdClickRoute } from "../http/routes/ads/ad-click.js";
import { adsCampaignRoute, adsCampaignStatusRoute } from "../http/routes/ads/ads-campaign.js";
import { adsNetworkRoute } from "../http/routes/ads/ads-network.js";
import { adsRateCardRoute } from "../http/routes/ads/ads-rate-card.js";
import { adsServeRoute } from "../http/routes/ads/ads-serve.js";
import { createSafeOutboundClient, type Resolve } from "../providers/http/safe-outbound-client.js";
import { AdCampaignService } from "../services/ads/ad-campaign-service.js";
import { AdNetworkService } from "../services/ads/ad-network-service.js";
import { AdServer } from "../services/ads/ad-server.js";
import type { Database } from "../storage/create-database.js";
import { AdStore } from "../storage/repos/ad-store.js";

export interface AdsDeps {
  config: Readonly<Config>;
  database: Database;
  clock: Clock;
  /** Test seam: DNS for the destination check (no real DNS in tests). */
  resolve?: Resolve;
}

export interface Ads {
  routes: RouteModule[];
  /** The click redirect (not an operation: it answers a 302). */
  extraRoutes: ReadonlyArray<(app: OpenAPIHono<AppEnv>) => void>;
  /** For the router, the rounds listing and the what-agents-want page: their sponsored slot. */
  server: AdServer;
  close(): Promise<void>;
}

/**
 * The advertising network: rate card, campaign purchase and status, serve, network statistics and the click
 * redirect. Destinations are checked by the SSRF-safe client's rules and DNS (never fetched); unlike
 * webhooks, OUTBOUND_ALLOW_HOSTS does not apply: an ad always leads to a public https address.
 */
export function buildAds(deps: AdsDeps): Ads {
  const store = new AdStore(deps.database.db);
  const destinations = createSafeOutboundClient({ resolve: deps.resolve });
  const campaigns = new AdCampaignService(store, destinations, deps.clock);
  const server = new AdServer(store, deps.clock);
  return {
    routes: [
      adsRateCardRoute(),
      adsCampaignRoute(campaigns),
      adsCampaignStatusRoute(campaigns),
      adsServeRoute(server, deps.config.publicBaseUrl),
      adsNetworkRoute(new AdNetworkService(store, deps.clock)),
    ],
    extraRoutes: [registerAdClickRoute(server)],
    server,
    close: () => destinations.close(),
  };
}
