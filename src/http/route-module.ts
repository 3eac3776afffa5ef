import type { z } from "@hono/zod-openapi";
import type { OperationContract } from "../contracts/operation-contract.js";
import { findCatalogRoute, type CatalogRoute } from "../contracts/route-catalog.js";
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

/**
 * A handler of the contract's parameters. Written as a method type so that its parameter is checked both ways:
 * a handler may declare the narrower type validation guarantees (a regex-checked `0x` address, enum members).
 */
type ContractHandler<P extends z.ZodObject> = { handle(params: z.infer<P>, context: HandlerContext): Promise<unknown> }["handle"];

/**
 * The RouteModule of a contract: the catalog row is the one its operationId names, so a route cannot be
 * declared with a contract of another operation, and the handler's parameters are the contract's.
 */
export function operationRoute<P extends z.ZodObject, R extends z.ZodType>(
  contract: OperationContract<P, R>,
  handle: ContractHandler<P>,
  extras: Pick<RouteModule, "quote" | "html"> = {},
): RouteModule {
  return { route: findCatalogRoute(contract.operationId), contract, handle, ...extras };
}
