import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { TOOLSETS, findToolset } from "./toolsets.js";
import type { ToolRegistry } from "./tool-registry.js";
import type { WalletStatus } from "./wallet-status.js";

/** Tools this server answers itself, free and without calling a paid route. */
export const WALLET_TOOL = "precedent_wallet";
export const LIST_TOOLSETS_TOOL = "list_toolsets";
export const ENABLE_TOOLSET_TOOL = "enable_toolset";

const readOnly = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false };

export const LOCAL_TOOLS: readonly Tool[] = [
  {
    name: WALLET_TOOL,
    title: "Paying wallet",
    description: "Free. The paying wallet: address, USDC balance, spent since this server started, spend cap left, and what to do when it is empty.",
    inputSchema: { type: "object", properties: {} },
    annotations: { title: "Paying wallet", ...readOnly },
  },
  {
    name: LIST_TOOLSETS_TOOL,
    title: "List toolsets",
    description: "Free. The tool groups of this server, which are enabled, and the tools in each.",
    inputSchema: { type: "object", properties: {} },
    annotations: { title: "List toolsets", ...readOnly },
  },
  {
    name: ENABLE_TOOLSET_TOOL,
    title: "Enable a toolset",
    description: `Free. Adds a group of tools to this session's list. Groups: ${TOOLSETS.map((set) => set.name).join(", ")}.`,
    inputSchema: {
      type: "object",
      properties: { toolset: { type: "string", enum: TOOLSETS.map((set) => set.name), description: "The group to enable" } },
      required: ["toolset"],
    },
    annotations: { title: "Enable a toolset", readOnlyHint: false, idempotentHint: true, destructiveHint: false, openWorldHint: false },
  },
];

const json = (value: unknown): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(value, null, 1) }],
  structuredContent: value as Record<string, unknown>,
});

export interface LocalToolParts {
  registry: ToolRegistry;
  wallet: WalletStatus;
  /** Tells the connected host that tools/list changed (notifications/tools/list_changed). */
  notifyListChanged: () => Promise<void>;
}

/** Answers a local tool, or undefined when `name` is not one. */
export async function callLocalTool(parts: LocalToolParts, name: string, args: Record<string, unknown>): Promise<CallToolResult | undefined> {
  if (name === WALLET_TOOL) return json(await parts.wallet.report(await parts.registry.isEmbedded()));
  if (name === LIST_TOOLSETS_TOOL) {
    const mounted = new Set((await parts.registry.tools()).map((tool) => tool.name));
    return json({
      toolsets: TOOLSETS.map((set) => ({
        name: set.name,
        description: set.description,
        enabled: parts.registry.selection.isEnabled(set.name),
        tools: set.operationIds.filter((id) => mounted.has(id)),
      })),
    });
  }
  if (name !== ENABLE_TOOLSET_TOOL) return undefined;
  const requested = typeof args.toolset === "string" ? args.toolset : "";
  const toolset = findToolset(requested);
  if (toolset === undefined) {
    return { isError: true, content: [{ type: "text", text: `Unknown toolset "${requested}"; the toolsets are ${TOOLSETS.map((set) => set.name).join(", ")}.` }] };
  }
  const changed = parts.registry.selection.enable(toolset.name);
  if (changed) await parts.notifyListChanged();
  const mounted = new Set((await parts.registry.tools()).map((tool) => tool.name));
  const tools = toolset.operationIds.filter((id) => mounted.has(id));
  return json({
    toolset: toolset.name,
    enabled: true,
    already_enabled: !changed,
    tools,
    note: changed ? "The tool list changed; hosts that do not refresh on notifications/tools/list_changed need the list fetched again." : "This toolset was already enabled.",
  });
}
