import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Implementation, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { validationDetails } from "../contracts/validation-details.js";
import { errorText } from "./error-text.js";
import { CallRefusedError, ServiceUnreachableError, type PrecedentClient } from "./precedent-client.js";
import type { SpendBudget } from "./spend-budget.js";
import type { OperationTool } from "./tool-catalog.js";
import { localErrorResult, serviceErrorResult, successResult } from "./tool-results.js";
import type { ToolRegistry } from "./tool-registry.js";

export interface McpServerParts {
  registry: ToolRegistry;
  client: PrecedentClient;
  budget: SpendBudget;
  version: string;
}

const INSTRUCTIONS =
  "Precedent sells market intelligence per call: historical analogs of price shapes, forward-return distributions, " +
  "market data and portfolio analytics. Each tool's description gives its price; paid tools pay in USDC with x402 from the " +
  "wallet configured for this server, within its spend caps. Results carry the exact signed JSON body, whether its " +
  "signature verified, and the payment receipt.";

function listing(tool: OperationTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
    annotations: tool.annotations,
  };
}

/** An MCP server (any transport) whose tools are the service's mounted operations. */
export function createPrecedentMcpServer(parts: McpServerParts): Server {
  const server = new Server({ name: "precedent", version: parts.version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: (await parts.registry.tools()).map(listing) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) =>
    callTool(parts, request.params.name, withoutNulls(request.params.arguments ?? {}), server.getClientVersion()),
  );
  return server;
}

/** Some hosts send `null` for every optional parameter left unset; no Precedent parameter means anything by null. */
function withoutNulls(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null && value !== undefined));
}

async function callTool(parts: McpServerParts, name: string, args: Record<string, unknown>, host: Implementation | undefined): Promise<CallToolResult> {
  const tool = await parts.registry.find(name);
  if (tool === undefined) return localErrorResult(`Unknown tool ${name}: list the tools to see what this Precedent deployment serves.`);
  // The same schema the service validates with, so a bad argument is named before anything is sent or paid.
  const parsed = tool.contract.params.safeParse(args);
  if (!parsed.success) {
    const { details, summary } = validationDetails(parsed.error.issues, args);
    return localErrorResult(`${tool.name} failed: VALIDATION_FAILED: ${summary}. Nothing was sent or paid.`, { details });
  }
  try {
    const reply = await parts.client.call(tool.route, args, host);
    return reply.status === 200 ? successResult(tool, reply, parts.budget) : serviceErrorResult(tool, reply, parts.budget);
  } catch (error) {
    if (error instanceof CallRefusedError || error instanceof ServiceUnreachableError) return localErrorResult(error.message);
    return localErrorResult(`${tool.name} failed: ${errorText(error)}`);
  }
}
