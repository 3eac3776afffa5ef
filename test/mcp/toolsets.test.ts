import { describe, expect, it } from "vitest";
import { ROUTE_CATALOG } from "../../src/contracts/route-catalog.js";
import { SpendBudget } from "../../src/mcp/spend-budget.js";
import { nearTickers } from "../../src/mcp/ticker-suggestions.js";
import { compactSchema, operationTool } from "../../src/mcp/tool-catalog.js";
import { ALWAYS_ON_OPERATIONS, DEFAULT_TOOLSETS, selectToolsets, TOOLSETS, ToolsetSelection } from "../../src/mcp/toolsets.js";
import { WalletStatus } from "../../src/mcp/wallet-status.js";

describe("MCP toolsets", () => {
  it("puts every offered operation in exactly one toolset or the always-on set", () => {
    const offered = ROUTE_CATALOG.filter((route) => operationTool(route) !== undefined).map((route) => route.operationId);
    const grouped = TOOLSETS.flatMap((set) => set.operationIds);
    expect(new Set(grouped).size).toBe(grouped.length);
    expect(offered.filter((id) => !grouped.includes(id) && !ALWAYS_ON_OPERATIONS.has(id))).toEqual([]);
    expect(grouped.filter((id) => !offered.includes(id))).toEqual([]);
  });

  it("reads MCP_TOOLSETS: default, all, names, and refuses an unknown name naming the known ones", () => {
    expect(selectToolsets(undefined)).toEqual([...DEFAULT_TOOLSETS]);
    expect(selectToolsets("all")).toEqual(TOOLSETS.map((set) => set.name));
    expect(selectToolsets(" Economy , default")).toEqual(["patterns", "analytics", "market", "research", "trading", "economy"]);
    expect(() => selectToolsets("market,crypto")).toThrow(/unknown toolset "crypto"; the toolsets are patterns, analytics/);
    const selection = new ToolsetSelection(["market"]);
    expect([selection.offers("get_latest_price"), selection.offers("api_demand_top"), selection.offers("verify_signature")]).toEqual([true, false, true]);
    expect([selection.enable("economy"), selection.enable("economy"), selection.offers("api_demand_top")]).toEqual([true, false, true]);
  });

  it("keeps descriptions short and the output schema's structure without its prose", () => {
    const tool = operationTool(ROUTE_CATALOG.find((r) => r.operationId === "macro_analog")!)!;
    expect(tool.description.length).toBeLessThan(500);
    expect(tool.fullDescription.length).toBeGreaterThan(tool.description.length);
    expect(JSON.stringify(tool.outputSchema)).not.toContain('"description"');
    expect(JSON.stringify(tool.outputSchema).length).toBeLessThan(JSON.stringify(tool.describedOutputSchema).length / 2);
    // A field named "description" is a field, not a keyword.
    expect(compactSchema({ type: "object", description: "x", properties: { description: { type: "string", description: "y" } } })).toEqual({
      type: "object",
      properties: { description: { type: "string" } },
    });
  });
});

describe("near tickers", () => {
  it("suggests names, typos, pairs and xyz aliases", () => {
    expect(nearTickers("APPL")).toContain("AAPL");
    expect(nearTickers("apple")[0]).toBe("AAPL");
    expect(nearTickers("BTCUSD")[0]).toBe("BTC");
    expect(nearTickers("GOLD")).toContain("xyz:GOLD");
    expect(nearTickers("ZZZZQ")).toEqual([]);
  });
});

describe("the wallet tool's balance", () => {
  const address = "0x1111111111111111111111111111111111111111" as const;

  it("reads USDC balanceOf on Base through JSON-RPC, and says when the endpoint does not answer", async () => {
    const calls: unknown[] = [];
    const rpc = (async (_url: string, init: RequestInit) => {
      calls.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ jsonrpc: "2.0", id: 1, result: `0x${(2_500_000).toString(16).padStart(64, "0")}` }));
    }) as typeof fetch;
    const budget = new SpendBudget(1_000_000n, undefined);
    budget.reserve(250_000n);
    const report = await new WalletStatus(address, budget, "https://rpc.example", rpc).report(false);
    expect(report).toMatchObject({ address, balance_usd: "2.50", spent_usd: "0.25", cap_left_usd: "0.75", advice: null, balance_source: "USDC balanceOf on Base via rpc.example" });
    expect(calls[0]).toMatchObject({ method: "eth_call", params: [{ to: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", data: `0x70a08231${"1".repeat(40).padStart(64, "0")}` }, "latest"] });

    const down = (async () => {
      throw new Error("connect ECONNREFUSED");
    }) as typeof fetch;
    const unknown = await new WalletStatus(address, budget, "https://rpc.example", down).report(false);
    expect(unknown).toMatchObject({ balance_usd: null, balance_source: expect.stringContaining("ECONNREFUSED"), advice: expect.stringContaining("send USDC on Base") });
  });

  it("on the embedded chain, counts from the last faucet receipt and advises an empty wallet", async () => {
    const budget = new SpendBudget(5_000_000n, undefined);
    const wallet = new WalletStatus(address, budget, "https://unused.example", (async () => {
      throw new Error("must not be called");
    }) as typeof fetch);
    expect((await wallet.report(true)).balance_usd).toBeNull();
    wallet.noteFaucetReceipt(address.toUpperCase().replace("0X", "0x"), "1000000");
    budget.reserve(1_000_000n);
    expect(await wallet.report(true)).toMatchObject({ balance_usd: "0.00", advice: expect.stringContaining("call dev_faucet") });
  });
});
