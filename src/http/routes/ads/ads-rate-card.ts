import { rateCardBody } from "../../../contracts/ads/ad-rules.js";
import { adsRateCardContract } from "../../../contracts/ads/ads-rate-card.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

/** Static: the published terms, built from the tables the network enforces. */
export function adsRateCardRoute(): RouteModule {
  return operationRoute(adsRateCardContract, async () => rateCardBody());
}
