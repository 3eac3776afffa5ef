import type { OperationContract } from "../contracts/operation-contract.js";
import { findOperationContract } from "../contracts/operation-contracts.js";
import { ROUTE_CATALOG, type CatalogRoute } from "../contracts/route-catalog.js";
import { contractJsonSchema, type JsonSchemaObject } from "./json-schema.js";

/** One MCP tool: a mounted operation, described from its catalog row and contract. */
export interface OperationTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchemaObject;
  outputSchema: JsonSchemaObject | undefined;
  annotations: { title: string; readOnlyHint: boolean; idempotentHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
  route: CatalogRoute;
  contract: OperationContract;
}

/** Operations that change state on the service (mint, register, cancel, buy): every other tool only reads. */
const SIDE_EFFECTS = new Set([
  "dev_faucet",
  "watch_register",
  "watch_cancel",
  "pattern_alert",
  "pattern_alert_cancel",
  "api_discover_outcome",
  "api_arena_predict",
  "api_arena_sponsor",
  "api_ads_campaign",
  "api_route",
]);

export function priceText(route: CatalogRoute): string {
  if (route.price.kind === "free") return "Free.";
  if (route.price.kind === "dynamic") return `Priced per call: ${route.price.rule} (x402, USDC on Base).`;
  return `Costs $${route.price.usd} per call (x402, USDC on Base).`;
}

function returnsText(outputSchema: JsonSchemaObject | undefined): string {
  const fields = Object.keys(outputSchema?.properties ?? {});
  return fields.length === 0 ? "" : ` Returns JSON with ${fields.join(", ")}.`;
}

/** The tool for one operation; `undefined` when no contract describes it (it cannot be offered safely). */
export function operationTool(route: CatalogRoute): OperationTool | undefined {
  const contract = findOperationContract(route.operationId);
  // A redirect (the router's go link) leads to a third party's site: a tool call must not follow it blindly.
  if (contract?.redirect === true) return undefined;
  const inputSchema = contract === undefined ? undefined : contractJsonSchema(contract.params, "input");
  if (contract === undefined || inputSchema === undefined) return undefined;
  const outputSchema = contractJsonSchema(contract.response, "output");
  const readOnly = !SIDE_EFFECTS.has(route.operationId);
  return {
    name: route.operationId,
    title: route.summary,
    description: `${route.summary}. ${priceText(route)} ${contract.description}${returnsText(outputSchema)}`,
    inputSchema,
    outputSchema,
    annotations: { title: route.summary, readOnlyHint: readOnly, idempotentHint: readOnly, destructiveHint: false, openWorldHint: true },
    route,
    contract,
  };
}

/** One tool per mounted operation that has a contract, in catalog order. */
export function toolsFor(mountedOperationIds: ReadonlySet<string>): OperationTool[] {
  return ROUTE_CATALOG.filter((route) => mountedOperationIds.has(route.operationId))
    .map(operationTool)
    .filter((tool): tool is OperationTool => tool !== undefined);
}
