import type { OperationContract } from "../contracts/operation-contract.js";
import type { CatalogRoute } from "../contracts/route-catalog.js";

/** One mounted operation: its catalog row, its wire contract, and the handler that calls one service. */
export interface RouteModule {
  route: CatalogRoute;
  contract: OperationContract;
  // Parameters are validated against `contract.params` before the handler sees them.
  handle: (params: any, context: { requestId: string }) => Promise<unknown>;
}
