/**
 * `npm run mcp` / `precedent-mcp`: the MCP front end. Every operation the Precedent service at PRECEDENT_URL
 * mounts becomes a tool; paid tools pay with x402 from WALLET_PRIVATE_KEY within MCP_MAX_SPEND_USD (per process)
 * and MCP_MAX_PRICE_USD (per call). stdio by default; `--http[=port]` or MCP_HTTP_PORT serves Streamable HTTP
 * on 127.0.0.1 instead. stdout carries the protocol, so every log line goes to stderr.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { loadMcpConfig, type McpConfig } from "../config/mcp-config.js";
import { errorText } from "../mcp/error-text.js";
import { MCP_HTTP_PATH, serveMcpOverHttp } from "../mcp/http-endpoint.js";
import { PRECEDENT_MCP_VERSION, PrecedentClient } from "../mcp/precedent-client.js";
import { createPrecedentMcpServer } from "../mcp/precedent-mcp-server.js";
import { SpendBudget, usdToAtomicUnits } from "../mcp/spend-budget.js";
import { ResourceReader } from "../mcp/resources.js";
import { ToolRegistry } from "../mcp/tool-registry.js";
import { selectToolsets, ToolsetSelection } from "../mcp/toolsets.js";
import { WalletStatus } from "../mcp/wallet-status.js";

const log = (line: string) => console.error(`[precedent-mcp] ${line}`);

/** `--http` (port from MCP_HTTP_PORT, else 8403) or `--http=<port>`; without it, MCP_HTTP_PORT alone selects HTTP. */
function httpPortFrom(argv: readonly string[], config: McpConfig): number | undefined {
  const flag = argv.find((arg) => arg === "--http" || arg.startsWith("--http="));
  if (flag === undefined) return config.httpPort;
  if (flag === "--http") return config.httpPort ?? 8403;
  const port = Number(flag.slice("--http=".length));
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`--http=<port> needs a port number from 1 to 65535, got ${flag}`);
  return port;
}

/**
 * Embedded mode only: mint test USDC up to the session budget so every allowed call can be paid (the faucet
 * mints 1 to 1000 USD, so a budget under $1 is funded with $1; the spend cap still holds).
 */
async function fundFromFaucet(baseUrl: string, account: PrivateKeyAccount, config: McpConfig, wallet: WalletStatus): Promise<void> {
  const amount = Math.min(Math.max(config.maxSpendUsd, 1), 1000);
  try {
    const response = await fetch(`${baseUrl}/dev/faucet`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ address: account.address, amount }),
      signal: AbortSignal.timeout(30_000),
    });
    if (response.status === 200) {
      const receipt = (await response.json()) as { balance_atomic?: unknown };
      if (typeof receipt.balance_atomic === "string") wallet.noteFaucetReceipt(account.address, receipt.balance_atomic);
      log(`funded ${account.address} with ${amount} test USDC from the embedded faucet`);
    } else log(`PRECEDENT_DEV_FUND=1 but ${baseUrl}/dev/faucet answered HTTP ${response.status}: the service is not in embedded mode, so the wallet must already hold USDC`);
  } catch (error) {
    log(`PRECEDENT_DEV_FUND=1 but the faucet could not be reached (${errorText(error)})`);
  }
}

/** The package root (README.md and docs/ are resources): the first folder above this file holding package.json. */
function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

async function main(): Promise<void> {
  const config = loadMcpConfig();
  const httpPort = httpPortFrom(process.argv.slice(2), config);
  const account = config.walletPrivateKey === undefined ? undefined : privateKeyToAccount(config.walletPrivateKey);
  const budget = new SpendBudget(usdToAtomicUnits(config.maxSpendUsd), config.maxPriceUsd === undefined ? undefined : usdToAtomicUnits(config.maxPriceUsd));
  const client = new PrecedentClient(config.baseUrl, account, budget);
  const selection = new ToolsetSelection(selectToolsets(config.toolsets));
  const registry = new ToolRegistry(config.baseUrl, log, selection);
  const wallet = new WalletStatus(account?.address, budget, config.baseRpcUrl);
  const resources = new ResourceReader(config.baseUrl, packageRoot(), registry);

  if (account === undefined) log("no WALLET_PRIVATE_KEY: free tools only (paid tools explain how to add a wallet)");
  else log(`paying from ${account.address}; ${budget.describe()}`);
  if (account !== undefined && config.devFund) await fundFromFaucet(config.baseUrl, account, config, wallet);
  await registry.tools();
  log(`toolsets: ${selection.names().join(", ")} (enable_toolset adds more)`);

  const createServer = () => createPrecedentMcpServer({ registry, client, budget, wallet, resources, version: PRECEDENT_MCP_VERSION });
  if (httpPort !== undefined) {
    const { port } = await serveMcpOverHttp(httpPort, createServer);
    log(`Streamable HTTP on http://127.0.0.1:${port}${MCP_HTTP_PATH}`);
    return;
  }
  await createServer().connect(new StdioServerTransport());
}

main().catch((error: unknown) => {
  log(errorText(error));
  process.exit(1);
});
