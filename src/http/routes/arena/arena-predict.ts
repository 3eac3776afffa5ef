import { arenaPredictContract, type ArenaPredictParams } from "../../../contracts/arena/arena-predict.js";
import { ENTRY_SCORING } from "../../../contracts/arena/arena-texts.js";
import type { ArenaService } from "../../../services/arena/arena-service.js";
import type { HandlerContext } from "../../mount-operation.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { roundWire } from "./round-wire.js";

export function arenaPredictRoute(arena: ArenaService): RouteModule {
  return operationRoute(arenaPredictContract, async (params: ArenaPredictParams, context: HandlerContext) => {
    const { entry, round, nowMs } = await arena.predict({ agent: params.agent, roundId: params.round_id, p: params.p, payer: context.payer, requestId: context.requestId });
    context.undoIfUnpaid?.(() => arena.withdraw(entry, context.requestId));
    return {
      entry: { agent: entry.agent, round_id: entry.roundId, p: entry.p, entered_at: new Date(entry.enteredAtMs).toISOString(), wallet: entry.payer },
      round: roundWire(round, nowMs),
      scoring: ENTRY_SCORING,
    };
  });
}
