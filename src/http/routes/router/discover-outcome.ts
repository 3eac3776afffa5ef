import { discoverOutcomeContract, type DiscoverOutcomeParams } from "../../../contracts/router/discover-outcome.js";
import type { RouterService } from "../../../services/discovery/router-service.js";
import type { HandlerContext } from "../../mount-operation.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { clientKeyOf } from "./client-key.js";

export function discoverOutcomeRoute(router: RouterService): RouteModule {
  return operationRoute(discoverOutcomeContract, async (params: DiscoverOutcomeParams, context: HandlerContext) => {
    const ack = await router.reportOutcome(
      {
        need: params.need,
        origin: params.chosen_origin,
        path: params.chosen_path,
        helped: params.helped,
        paidUsd: params.paid_usd ?? null,
        note: params.note || null,
      },
      await clientKeyOf(context),
    );
    return { acknowledged: true as const, id: ack.id, recorded_at: new Date(ack.recordedAtMs).toISOString(), listed: ack.listed };
  });
}
