import { getOptionsChainContract } from "../../../contracts/feeds/get-options-chain.js";
import { putCallRatios, type OptionsService } from "../../../services/feeds/options-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { snapshotMeta } from "./feed-wire.js";

export function getOptionsChainRoute(options: OptionsService): RouteModule {
  return operationRoute(getOptionsChainContract, async (params: { ticker: string; expiration?: string }) => {
    const served = await options.chain(params.ticker, params.expiration);
    const chain = served.value;
    return {
      ticker: served.ticker,
      underlying_price: chain.underlying_price,
      expiration: chain.expiration ?? params.expiration ?? chain.expirations[0],
      expirations: chain.expirations,
      calls: chain.calls,
      puts: chain.puts,
      put_call_ratio: putCallRatios(chain),
      ...snapshotMeta(served),
    };
  });
}
