import { getHardwarePricesContract } from "../../../contracts/feeds/get-hardware-prices.js";
import type { HardwareCategory, HardwareService } from "../../../services/feeds/hardware-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { snapshotMeta } from "./feed-wire.js";

export function getHardwarePricesRoute(hardware: HardwareService): RouteModule {
  return operationRoute(getHardwarePricesContract, async (params: { category: HardwareCategory }) => {
    const r = await hardware.prices(params.category);
    // From the bar store no upstream request was made: fetched_at is the day of the newest close.
    const meta = r.source.kind === "quote" ? snapshotMeta(r.source.served) : snapshotMeta({ fetchedAtMs: r.source.asOfMs, cached: true });
    return {
      date: new Date(r.dateMs).toISOString().slice(0, 10),
      category: params.category,
      ...meta,
      market_index: r.marketIndex,
      market_index_source: r.source.kind,
      hardware_prices: r.hardware,
    };
  });
}
