import { z } from "zod";
import { CliEnvSchema } from "./cli-config.js";

export interface McpConfig {
  /** The Precedent service the tools call (PRECEDENT_URL; default the local service). */
  baseUrl: string;
  /** The paying wallet (WALLET_PRIVATE_KEY); unset = free tools only. Never logged or returned. */
  walletPrivateKey: `0x${string}` | undefined;
  /** PRECEDENT_DEV_FUND=1: at start, mint test USDC for the wallet from the embedded service's faucet. */
  devFund: boolean;
  /** MCP_MAX_SPEND_USD: the most this process pays in total (default 1.00). */
  maxSpendUsd: number;
  /** MCP_MAX_PRICE_USD: the most one call may cost; unset = only the total cap applies. */
  maxPriceUsd: number | undefined;
  /** MCP_HTTP_PORT: serve Streamable HTTP on 127.0.0.1 at this port instead of stdio. */
  httpPort: number | undefined;
  /** MCP_TOOLSETS: the tool groups listed at start, comma-separated ("default", "all" or names); checked by the MCP server. */
  toolsets: string | undefined;
  /** BASE_RPC_URL: the Base JSON-RPC endpoint the wallet tool reads the USDC balance from. */
  baseRpcUrl: string;
}

const usdAmount = z.coerce.number({ error: "must be a USD amount such as 0.25" }).min(0, "must not be negative").max(1_000_000);

const McpEnvSchema = CliEnvSchema.extend({
  PRECEDENT_DEV_FUND: z.enum(["0", "1", "true", "false"], { error: "must be 1 or 0" }).default("0"),
  MCP_MAX_SPEND_USD: usdAmount.default(1),
  MCP_MAX_PRICE_USD: usdAmount.optional(),
  MCP_HTTP_PORT: z.coerce.number().int("must be a whole number").min(1).max(65_535).optional(),
  MCP_TOOLSETS: z.string().regex(/^[A-Za-z, -]{1,300}$/, "must be comma-separated toolset names").optional(),
  BASE_RPC_URL: z.string().url("must be an absolute URL").default("https://mainnet.base.org"),
});

/** The MCP server's environment, parsed here because only src/config reads process.env. */
export function loadMcpConfig(env: Record<string, string | undefined> = process.env): McpConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = McpEnvSchema.safeParse(present);
  if (!parsed.success) {
    // Never echo the values: one of them may be the private key.
    throw new Error(`Invalid MCP environment: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  }
  const e = parsed.data;
  return {
    baseUrl: e.PRECEDENT_URL.replace(/\/+$/, ""),
    walletPrivateKey: e.WALLET_PRIVATE_KEY as `0x${string}` | undefined,
    devFund: e.PRECEDENT_DEV_FUND === "1" || e.PRECEDENT_DEV_FUND === "true",
    maxSpendUsd: e.MCP_MAX_SPEND_USD,
    maxPriceUsd: e.MCP_MAX_PRICE_USD,
    httpPort: e.MCP_HTTP_PORT,
    toolsets: e.MCP_TOOLSETS,
    baseRpcUrl: e.BASE_RPC_URL,
  };
}
