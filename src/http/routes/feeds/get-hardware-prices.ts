import { getHardwarePricesContract } from "../../../contracts/feeds/get-hardware-prices.js";
import { findCatalogRoute } from "../../../contracts/route-catalog.js";
import type { HardwareCategory, HardwareService } from "../../../services/feeds/hardware-service.js";
import type { RouteModule } from "../../route-module.js";
import { snapshotMeta } from "./feed-wire.js";

export function getHardwarePricesRoute(hardware: HardwareService): RouteModule {
  return {
    route: findCatalogRoute("get_hardware_prices"),
    contract: getHardwarePricesContract,
    handle: async (params: { category: HardwareCategory }) => {
      const r = await hardware.prices(params.category);
      return {
        date: new Date(r.dateMs).toISOString().slice(0, 10),
        category: params.category,
        ...snapshotMeta(r.index),
        market_index: r.index.value,
        hardware_prices: r.hardware,
      };
    },
  };
}
