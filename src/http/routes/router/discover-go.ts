import { discoverGoContract, type DiscoverGoParams } from "../../../contracts/router/discover-go.js";
import { RedirectAnswer } from "../../../domain/redirect-answer.js";
import type { RouterService } from "../../../services/discovery/router-service.js";
import type { HandlerContext } from "../../mount-operation.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { clientKeyOf } from "./client-key.js";

export function discoverGoRoute(router: RouterService): RouteModule {
  return operationRoute(discoverGoContract, async (params: DiscoverGoParams, context: HandlerContext) =>
    new RedirectAnswer(await router.go(params.to_origin, params.to_path, params.need || null, await clientKeyOf(context))));
}
