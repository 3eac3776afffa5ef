import { apiCatalogContract } from "../../../contracts/discovery/api-catalog.js";
import { BASE_NETWORK, USDC_ADDRESS } from "../../../payments/usdc-on-base.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

/**
 * `/api`: the served routes with prices. `served()` is read per call so the list is the final mounted set;
 * the documented example is this deployment's own answer (read when the document is built, after mounting).
 */
export function apiCatalogRoute(served: () => readonly RouteModule[], payTo: string): RouteModule {
  const contract = {
    ...apiCatalogContract,
    get example() {
      return { params: {}, response: catalogBody(served(), payTo) };
    },
  };
  return operationRoute(contract, async () => catalogBody(served(), payTo));
}

function catalogBody(served: readonly RouteModule[], payTo: string) {
  const routes = served.map(({ route }) => ({
    operation_id: route.operationId,
    path: route.path,
    methods: [...route.methods],
    price_usd: route.price.kind === "fixed" ? route.price.usd : null,
    pricing: route.price.kind,
    ...(route.price.kind === "dynamic" ? { price_rule: route.price.rule } : {}),
    family: route.family,
    summary: route.summary,
  }));
  return { service: "Precedent", network: BASE_NETWORK, asset: USDC_ADDRESS, pay_to: payTo, count: routes.length, routes };
}
