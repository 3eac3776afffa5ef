import { censusContract } from "../../../contracts/census/census.js";
import { findCatalogRoute } from "../../../contracts/route-catalog.js";
import type { CensusService } from "../../../services/discovery/census-service.js";
import type { RouteModule } from "../../route-module.js";

export function censusRoute(census: CensusService): RouteModule {
  return { route: findCatalogRoute("api_census"), contract: censusContract, handle: () => census.report() };
}
