import { routeContract, type RouteParams } from "../../../contracts/fulfilment/route.js";
import type { FulfilmentService } from "../../../services/fulfilment/fulfilment-service.js";
import type { HandlerContext } from "../../mount-operation.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

const usd = (atomic: bigint) => Number(atomic) / 1_000_000;

/** `/api/route`: quoted from the seller's 402 before the gate, bought from the seller once the caller's payment verified. */
export function routeRoute(service: FulfilmentService): RouteModule {
  return operationRoute(routeContract, async (params: RouteParams, context: HandlerContext) => {
    const bought = await service.fulfil(params, context);
    return {
      request_id: context.requestId,
      seller: {
        url: bought.sellerUrl,
        method: bought.sellerMethod,
        status: bought.status,
        content_type: bought.body.contentType,
        body_encoding: bought.body.encoding,
        body: bought.body.value,
        body_bytes: bought.body.bytes,
      },
      payment: {
        seller_amount_atomic: String(bought.sellerAtomic),
        seller_amount_usd: usd(bought.sellerAtomic),
        charged_atomic: String(bought.chargedAtomic),
        charged_usd: usd(bought.chargedAtomic),
        fee_usd: usd(bought.chargedAtomic - bought.sellerAtomic),
        network: bought.network,
        asset: bought.asset,
        seller_pay_to: bought.sellerPayTo,
        route_wallet: bought.routeWallet,
        seller_transaction: bought.sellerTransaction,
        seller_receipt: bought.sellerReceipt,
      },
      fulfilled_at: new Date(bought.fulfilledAtMs).toISOString(),
    };
  }, { quote: (params: RouteParams) => service.quote(params) });
}
