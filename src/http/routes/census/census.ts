import { censusContract } from "../../../contracts/census/census.js";
import type { CensusService } from "../../../services/discovery/census-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

export function censusRoute(census: CensusService): RouteModule {
  return operationRoute(censusContract, () => census.report());
}
