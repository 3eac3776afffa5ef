import { rateCardBody } from "../../../contracts/ads/ad-rules.js";
import { adsRateCardContract } from "../../../contracts/ads/ads-rate-card.js";
import { findCatalogRoute } from "../../../contracts/route-catalog.js";
import type { RouteModule } from "../../route-module.js";

/** Static: the published terms, built from the tables the network enforces. */
export function adsRateCardRoute(): RouteModule {
  return {
    route: findCatalogRoute("api_ads_rate_card"),
    contract: adsRateCardContract,
    handle: async () => rateCardBody(),
  };
}
