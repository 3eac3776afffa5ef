import type { OperationContract } from "../contracts/operation-contract.js";
import type { CatalogRoute } from "../contracts/route-catalog.js";
import type { HandlerContext } from "./mount-operation.js";

/** One mounted operation: its catalog row, its wire contract, and the handler that calls one service. */
export interface RouteModule {
  route: CatalogRoute;
  contract: OperationContract;
  // Parameters are validated against `contract.params` before the handler sees them.
  handle: (params: any, context: HandlerContext) => Promise<unknown>;
  /**
   * Required when `route.price.kind === "dynamic"`: the price in USD of a call with these (already validated)
   * parameters, asked before the 402 is written. May throw an AppError (the caller gets it instead of a quote).
   */
  quote?: (params: any) => Promise<number>;
  /** Pages for people: the HTML form of the 200 body, sent when the caller's Accept prefers text/html. */
  html?: (body: any) => string;
}
