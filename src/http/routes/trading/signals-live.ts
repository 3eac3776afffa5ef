import { signalsLiveContract, type SignalsLiveParams } from "../../../contracts/trading/signals-live.js";
import { ItemizedAnswer, itemOutcome } from "../../../domain/itemized-answer.js";
import { LIVE_SIGNAL_TTL_MS, type LiveSignal, type LiveSignalService } from "../../../services/trading/live-signal-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { signalRecordWire } from "./signal-wire.js";

function liveWire(item: LiveSignal) {
  if ("failure" in item) return { asset: item.asset, status: item.failure.status, age_seconds: null, signal: null, error: item.failure.error };
  return { asset: item.asset, status: item.reused ? ("reused" as const) : ("fresh" as const), age_seconds: item.ageMs / 1000, signal: signalRecordWire(item.signal) };
}

export function signalsLiveRoute(live: LiveSignalService): RouteModule {
  return operationRoute(signalsLiveContract, async (params: SignalsLiveParams) => {
    const items = await live.latest(params.assets, params.horizon_days);
    const body = { horizon_days: params.horizon_days, ttl_seconds: LIVE_SIGNAL_TTL_MS / 1000, count: items.length, signals: items.map(liveWire) };
    return new ItemizedAnswer(body, items.map((i) => ("failure" in i ? itemOutcome(i.failure) : itemOutcome({ ticker: i.asset }))), "assets");
  });
}
