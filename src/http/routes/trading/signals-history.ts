import { signalsHistoryContract, type SignalsHistoryParams } from "../../../contracts/trading/signals-history.js";
import type { SignalHistoryService } from "../../../services/trading/signal-history-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { logFilter, signalRecordWire } from "./signal-wire.js";

export function signalsHistoryRoute(history: SignalHistoryService): RouteModule {
  return operationRoute(signalsHistoryContract, async (params: SignalsHistoryParams) => {
    const page = await history.page({ ...logFilter(params), limit: params.limit, cursor: params.cursor });
    return {
      ticker: params.ticker ?? null,
      since: params.since ?? null,
      count: page.signals.length,
      signals: page.signals.map(signalRecordWire),
      next_cursor: page.nextCursor,
    };
  });
}
