import { SELECTION_RULE } from "../../../contracts/ads/ad-rules.js";
import { adsServeContract, type AdsServeParams } from "../../../contracts/ads/ads-serve.js";
import { keywordTokens } from "../../../domain/ad-campaign.js";
import type { AdServer } from "../../../services/ads/ad-server.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { sponsoredItemWire } from "./ad-wire.js";

export function adsServeRoute(ads: AdServer, publicBaseUrl: string): RouteModule {
  return operationRoute(adsServeContract, async (params: AdsServeParams) => {
    const served = await ads.serve(params.placement, params.keywords);
    return {
      placement: params.placement,
      keywords: keywordTokens(params.keywords),
      filled: served !== null,
      item: served === null ? null : sponsoredItemWire(served, publicBaseUrl),
      selection_rule: SELECTION_RULE,
    };
  });
}
