import type { AddressInfo } from "node:net";
import net from "node:net";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { REPO_ROOT } from "./shared-paths.js";

export const MCP_BIN = path.join(REPO_ROOT, "bin/precedent-mcp.js");

/** A loopback port that nothing listens on (bound, then released). */
export async function closedLoopbackPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface SpawnedMcp {
  client: Client;
  /** What the server wrote to stderr so far (its log). */
  log(): string;
  close(): Promise<void>;
}

/** Spawns `precedent-mcp` (the package bin) with the MCP SDK's own stdio client, env as given. */
export async function spawnMcp(env: Record<string, string>, clientName = "precedent-test"): Promise<SpawnedMcp> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [MCP_BIN], env, cwd: REPO_ROOT, stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const client = new Client({ name: clientName, version: "1.0.0" });
  await client.connect(transport);
  return { client, log: () => stderr, close: () => client.close() };
}

/** The text blocks of a tool result, joined. */
export const resultText = (result: CallToolResult): string =>
  result.content.map((block) => (block.type === "text" ? block.text : "")).join("\n");
