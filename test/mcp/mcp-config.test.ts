import { describe, expect, it } from "vitest";
import { loadMcpConfig } from "../../src/config/mcp-config.js";
import { SpendBudget } from "../../src/mcp/spend-budget.js";

describe("MCP configuration", () => {
  it("defaults to the local service, no wallet, a $1.00 session budget and stdio", () => {
    expect(loadMcpConfig({})).toEqual({
      baseUrl: "http://localhost:8402",
      walletPrivateKey: undefined,
      devFund: false,
      maxSpendUsd: 1,
      maxPriceUsd: undefined,
      httpPort: undefined,
      toolsets: undefined,
      baseRpcUrl: "https://mainnet.base.org",
    });
  });

  it("reads every MCP variable", () => {
    const key = `0x${"1f".repeat(32)}`;
    const config = loadMcpConfig({
      PRECEDENT_URL: "https://precedent.example/",
      WALLET_PRIVATE_KEY: key,
      PRECEDENT_DEV_FUND: "1",
      MCP_MAX_SPEND_USD: "2.5",
      MCP_MAX_PRICE_USD: "0.1",
      MCP_HTTP_PORT: "8403",
      MCP_TOOLSETS: "default,economy",
      BASE_RPC_URL: "http://127.0.0.1:8545",
    });
    expect(config).toEqual({
      baseUrl: "https://precedent.example",
      walletPrivateKey: key,
      devFund: true,
      maxSpendUsd: 2.5,
      maxPriceUsd: 0.1,
      httpPort: 8403,
      toolsets: "default,economy",
      baseRpcUrl: "http://127.0.0.1:8545",
    });
  });

  it("names each bad variable without echoing the key", () => {
    const badKey = "0xnot-a-key-secret";
    let message = "";
    try {
      loadMcpConfig({ WALLET_PRIVATE_KEY: badKey, MCP_MAX_SPEND_USD: "lots", MCP_HTTP_PORT: "70000" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("WALLET_PRIVATE_KEY must be a 0x-prefixed 32-byte hex private key");
    expect(message).toContain("MCP_MAX_SPEND_USD must be a USD amount");
    expect(message).toContain("MCP_HTTP_PORT");
    expect(message).not.toContain("secret");
  });
});

describe("SpendBudget", () => {
  it("refuses what would pass either cap and frees what was not settled", () => {
    const budget = new SpendBudget(6000n, 5000n);
    expect(budget.refusal(5001n)).toContain("per-call cap MCP_MAX_PRICE_USD=$0.005");
    budget.reserve(5000n);
    expect(budget.refusal(1000n)).toBeUndefined();
    expect(budget.refusal(1001n)).toContain("has spent $0.005 of its MCP_MAX_SPEND_USD=$0.006 budget");
    budget.release(5000n);
    expect(budget.spent).toBe(0n);
    expect(budget.describe()).toBe("spent $0.00 of $0.006 this session, at most $0.005 per call");
  });
});
