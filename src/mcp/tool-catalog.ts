import type { OperationContract } from "../contracts/operation-contract.js";
import { findOperationContract } from "../contracts/operation-contracts.js";
import { ROUTE_CATALOG, type CatalogRoute } from "../contracts/route-catalog.js";
import { contractJsonSchema, type JsonSchemaObject } from "./json-schema.js";

/** One MCP tool: a mounted operation, described from its catalog row and contract. */
export interface OperationTool {
  name: string;
  title: string;
  /** Short: summary, price, the first sentence and where the rest is. */
  description: string;
  /** The contract's whole description, served as the tool's resource. */
  fullDescription: string;
  inputSchema: JsonSchemaObject;
  /** Compact (see compactSchema): what tools/list carries. */
  outputSchema: JsonSchemaObject | undefined;
  /** With every field description: served as the tool's resource. */
  describedOutputSchema: JsonSchemaObject | undefined;
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

/** The price in the words of a listing (the server's instructions say once that payment is x402, USDC on Base). */
export function priceText(route: CatalogRoute): string {
  if (route.price.kind === "free") return "Free.";
  if (route.price.kind === "dynamic") return `Priced per call: ${route.price.rule}.`;
  return `$${route.price.usd} per call.`;
}

/** Operations served at two spec paths: the second is described as the first, once. */
const ALIAS_OF = new Map([["api_earnings_surprise", "earnings_surprise"]]);

/** The resource holding a tool's whole description and its output fields' meanings. */
export const toolDocUri = (name: string): string => `precedent://tools/${name}`;

const SHORT_SENTENCE_CHARS = 220;

/**
 * The contract description's first sentence, without the price words the price text already says ("Free." twice
 * was the old listing), cut at a word near SHORT_SENTENCE_CHARS: the rest is in the tool's resource.
 */
function leadSentence(description: string): string {
  const body = description.replace(/^Free(, [A-Z]+)?\.\s*/, "");
  const first = body.split(/(?<=[.;:])\s+(?=[A-Z(/`])/)[0] ?? "";
  if (first.length <= SHORT_SENTENCE_CHARS) return first;
  const cut = first.slice(0, SHORT_SENTENCE_CHARS);
  return `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}

function shortDescription(route: CatalogRoute, contract: OperationContract): string {
  const alias = ALIAS_OF.get(route.operationId);
  if (alias !== undefined) return `Same operation as ${alias}, served at the spec's other path ${route.path}. ${priceText(route)}`;
  const lead = leadSentence(contract.description);
  const restates = lead.toLowerCase().startsWith(route.summary.toLowerCase());
  const parts = [`${route.summary}.`, priceText(route), lead === "" || restates ? "" : lead, `Details: ${toolDocUri(route.operationId)}`];
  return parts.filter((part) => part !== "").join(" ");
}

const SAFE_INTEGER_BOUND = Number.MAX_SAFE_INTEGER;

/**
 * The output schema a host is shown: the structure (types, required fields, enums) without field descriptions,
 * `additionalProperties: false` or zod's safe-integer bounds, which made up most of the 430 KB listing. The
 * described schema is in the tool's resource.
 */
export function compactSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compactSchema);
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "description" || key === "additionalProperties") continue;
    if ((key === "minimum" || key === "maximum") && Math.abs(value as number) === SAFE_INTEGER_BOUND) continue;
    // Under `properties` the keys are field names (a field may be called "description"), never keywords.
    out[key] = key === "properties" ? Object.fromEntries(Object.entries(value as object).map(([field, sub]) => [field, compactSchema(sub)])) : compactSchema(value);
  }
  return out;
}

/** The tool for one operation; `undefined` when no contract describes it (it cannot be offered safely). */
export function operationTool(route: CatalogRoute): OperationTool | undefined {
  const contract = findOperationContract(route.operationId);
  // A redirect (the router's go link) leads to a third party's site: a tool call must not follow it blindly.
  if (contract?.redirect === true) return undefined;
  const inputSchema = contract === undefined ? undefined : contractJsonSchema(contract.params, "input");
  if (contract === undefined || inputSchema === undefined) return undefined;
  const describedOutputSchema = contractJsonSchema(contract.response, "output");
  const readOnly = !SIDE_EFFECTS.has(route.operationId);
  return {
    name: route.operationId,
    title: route.summary,
    description: shortDescription(route, contract),
    fullDescription: `${route.summary}. ${priceText(route)} ${contract.description.replace(/^Free(, [A-Z]+)?\.\s*/, "")}`.trim(),
    inputSchema,
    outputSchema: describedOutputSchema === undefined ? undefined : (compactSchema(describedOutputSchema) as JsonSchemaObject),
    describedOutputSchema,
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
