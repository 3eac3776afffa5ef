import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Implementation,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { validationDetails } from "../contracts/validation-details.js";
import { errorText } from "./error-text.js";
import { callLocalTool, ENABLE_TOOLSET_TOOL, LOCAL_TOOLS, WALLET_TOOL } from "./local-tools.js";
import { CallRefusedError, ServiceUnreachableError, type PrecedentClient } from "./precedent-client.js";
import { getPrompt, listPrompts } from "./prompts.js";
import { listResources, TOOL_DOC_TEMPLATE, type ResourceReader } from "./resources.js";
import type { SpendBudget } from "./spend-budget.js";
import type { OperationTool } from "./tool-catalog.js";
import { localErrorResult, paymentRejectedResult, serviceErrorResult, successResult } from "./tool-results.js";
import type { ToolRegistry } from "./tool-registry.js";
import { toolsetOf } from "./toolsets.js";
import type { WalletStatus } from "./wallet-status.js";

export interface McpServerParts {
  registry: ToolRegistry;
  client: PrecedentClient;
  budget: SpendBudget;
  wallet: WalletStatus;
  resources: ResourceReader;
  version: string;
}

const INSTRUCTIONS =
  "Precedent sells market intelligence per call: historical analogs of price shapes, forward-return distributions, " +
  "market data and portfolio analytics. Each tool's description gives its price; paid tools pay in USDC on Base with x402 from the " +
  `wallet configured for this server, within its spend caps (${WALLET_TOOL} shows balance and cap). Results carry the exact signed JSON body, whether its ` +
  `signature verified, and whether anything was charged. Tools come in groups: ${ENABLE_TOOLSET_TOOL} adds one (list_toolsets shows them). ` +
  "Read the resource precedent://docs/how-to-read before quoting a forecast; precedent://tools/<name> has a tool's whole description.";

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

/** An MCP server (any transport) whose tools are the service's mounted operations, in toolsets, plus local tools. */
export function createPrecedentMcpServer(parts: McpServerParts): Server {
  const server = new Server(
    { name: "precedent", version: parts.version },
    { capabilities: { tools: { listChanged: true }, resources: {}, prompts: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...(await parts.registry.listed()).map(listing), ...LOCAL_TOOLS] }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const args = withoutNulls(request.params.arguments ?? {});
    const notifyListChanged = async () => {
      // Over stateless HTTP there is no stream to notify on; the next tools/list shows the change anyway.
      await server.sendToolListChanged().catch(() => undefined);
    };
    const local = await callLocalTool({ registry: parts.registry, wallet: parts.wallet, notifyListChanged }, request.params.name, args);
    return local ?? callTool(parts, request.params.name, args, server.getClientVersion());
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: listResources() }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: [TOOL_DOC_TEMPLATE] }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => parts.resources.read(request.params.uri));
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: listPrompts() }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) => getPrompt(request.params.name, request.params.arguments));
  return server;
}

/** Some hosts send `null` for every optional parameter left unset; no Precedent parameter means anything by null. */
function withoutNulls(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null && value !== undefined));
}

async function callTool(parts: McpServerParts, name: string, args: Record<string, unknown>, host: Implementation | undefined): Promise<CallToolResult> {
  const tool = await parts.registry.find(name);
  if (tool === undefined) return localErrorResult(`Unknown tool ${name}: list the tools to see what this Precedent deployment serves.`);
  if (!parts.registry.selection.offers(tool.name)) {
    return localErrorResult(`${tool.name} is in the toolset "${toolsetOf(tool.name)}", which is not enabled: call ${ENABLE_TOOLSET_TOOL} with toolset=${toolsetOf(tool.name)} first. Nothing was sent or paid.`);
  }
  // The same schema the service validates with, so a bad argument is named before anything is sent or paid.
  const parsed = tool.contract.params.safeParse(args);
  if (!parsed.success) {
    const { details, summary } = validationDetails(parsed.error.issues, args);
    return localErrorResult(`${tool.name} failed: VALIDATION_FAILED: ${summary}. Nothing was sent or paid.`, { details });
  }
  try {
    const reply = await parts.client.call(tool.route, args, host);
    if (reply.status === 200) {
      noteFaucetReceipt(parts.wallet, tool, reply.body);
      return successResult(tool, reply, parts.budget);
    }
    if (reply.paymentRejection !== undefined) {
      return paymentRejectedResult(tool, reply, parts.budget, parts.client.walletAddress, await parts.registry.isEmbedded());
    }
    return serviceErrorResult(tool, reply, parts.budget, args);
  } catch (error) {
    if (error instanceof CallRefusedError || error instanceof ServiceUnreachableError) return localErrorResult(error.message);
    return localErrorResult(`${tool.name} failed: ${errorText(error)}`);
  }
}

/** The faucet's answer states the wallet's exact balance: the wallet tool reports from it on the embedded chain. */
function noteFaucetReceipt(wallet: WalletStatus, tool: OperationTool, body: unknown): void {
  if (tool.name !== "dev_faucet" || body === null || typeof body !== "object") return;
  const { address, balance_atomic } = body as { address?: unknown; balance_atomic?: unknown };
  if (typeof address === "string" && typeof balance_atomic === "string") wallet.noteFaucetReceipt(address, balance_atomic);
}
