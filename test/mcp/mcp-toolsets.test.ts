import { ToolListChangedNotificationSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, it } from "vitest";
import { loopbackService } from "../support/loopback-service.js";
import { resultText, spawnMcp, type SpawnedMcp } from "../support/mcp-harness.js";
import { SHARED_MISSING_REASON, SHARED_PRESENT } from "../support/shared-paths.js";

type PaymentMeta = { charged: boolean; summary: string };
const call = async (mcp: SpawnedMcp, name: string, args: Record<string, unknown> = {}) =>
  (await mcp.client.callTool({ name, arguments: args })) as CallToolResult & { _meta?: { "precedent/payment": PaymentMeta } };

/** What a host passes to its model: the bytes of the tools/list result. */
const listBytes = (tools: unknown[]) => Buffer.byteLength(JSON.stringify({ tools }), "utf8");

describe.skipIf(!SHARED_PRESENT)("precedent-mcp in a host: toolsets, wallet, resources, prompts", () => {
  const { service, base } = loopbackService();
  const spawned: SpawnedMcp[] = [];
  afterAll(async () => {
    for (const mcp of spawned) await mcp.close();
  });
  const start = async (env: Record<string, string> = {}) => {
    const mcp = await spawnMcp({ PRECEDENT_URL: base(), ...env });
    spawned.push(mcp);
    return mcp;
  };
  let defaultServer: Promise<SpawnedMcp> | undefined;
  /** One server in the default configuration, shared by the tests that only read. */
  const startDefault = () => (defaultServer ??= start());

  it("lists at most 40 tools in at most 150 KB by default", async () => {
    const { tools } = await (await startDefault()).client.listTools();
    console.log(`default tools/list: ${tools.length} tools, ${listBytes(tools)} bytes`);
    expect(tools.length).toBeLessThanOrEqual(40);
    expect(listBytes(tools)).toBeLessThanOrEqual(150 * 1024);
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["get_patterns", "forward_distribution", "get_latest_price", "analyze", "trading_signal", "precedent_wallet", "enable_toolset", "list_toolsets", "verify_signature"]));
    expect(names).not.toContain("api_demand_top");
    // Short descriptions: no "Free. Free.", and the two earnings paths are not described twice.
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeLessThanOrEqual(500);
      expect(tool.description).not.toMatch(/Free\.\s+Free\./);
    }
    const earnings = tools.filter((t) => t.name === "earnings_surprise" || t.name === "api_earnings_surprise").map((t) => t.description);
    expect(new Set(earnings).size).toBe(earnings.length);
    expect(earnings.find((d) => d!.startsWith("Same operation as earnings_surprise"))).toBeDefined();
  });

  it("lists every mounted tool with MCP_TOOLSETS=all", async () => {
    const all = (await (await start({ MCP_TOOLSETS: "all" })).client.listTools()).tools;
    console.log(`MCP_TOOLSETS=all tools/list: ${all.length} tools, ${listBytes(all)} bytes`);
    expect(all.length).toBeGreaterThan(60);
    expect(all.map((t) => t.name)).toEqual(expect.arrayContaining(["api_demand_top", "api_arena_rounds", "api_ads_serve", "watch_status"]));
  });

  it("enables a toolset on request, tells the host the list changed, and points at the toolset of an unlisted tool", async () => {
    const mcp = await start({ MCP_TOOLSETS: "market" });
    let changed = 0;
    mcp.client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      changed += 1;
    });
    const before = (await mcp.client.listTools()).tools.map((t) => t.name);
    expect(before).toContain("get_latest_price");
    expect(before).not.toContain("api_arena_rounds");
    const refused = await call(mcp, "api_arena_rounds");
    expect(refused.isError).toBe(true);
    expect(resultText(refused)).toContain('toolset "arena", which is not enabled: call enable_toolset with toolset=arena');

    const enabled = await call(mcp, "enable_toolset", { toolset: "arena" });
    expect(enabled.structuredContent).toMatchObject({ toolset: "arena", enabled: true, already_enabled: false, tools: expect.arrayContaining(["api_arena_rounds"]) });
    await expect.poll(() => changed).toBe(1);
    expect((await mcp.client.listTools()).tools.map((t) => t.name)).toContain("api_arena_rounds");
    expect((await call(mcp, "api_arena_rounds")).isError).toBeFalsy();

    const listed = await call(mcp, "list_toolsets");
    const sets = (listed.structuredContent as { toolsets: { name: string; enabled: boolean }[] }).toolsets;
    expect(sets.filter((s) => s.enabled).map((s) => s.name)).toEqual(["market", "arena"]);
    expect(resultText(await call(mcp, "enable_toolset", { toolset: "nope" }))).toContain('Unknown toolset "nope"');
  });

  it("reports the wallet: address, balance, spent since start and cap left", async () => {
    const key = generatePrivateKey();
    const address = privateKeyToAccount(key).address;
    const mcp = await start({ WALLET_PRIVATE_KEY: key, PRECEDENT_DEV_FUND: "1", MCP_MAX_SPEND_USD: "2" });
    expect((await call(mcp, "precedent_wallet")).structuredContent).toMatchObject({ address, balance_usd: "2.00", spent_usd: "0.00", cap_usd: "2.00", cap_left_usd: "2.00", advice: null });
    const paid = await call(mcp, "get_latest_price", { ticker: "AAPL" });
    expect(paid._meta!["precedent/payment"]).toMatchObject({ charged: true, summary: expect.stringMatching(/^charged \$0\.001 USDC/) });
    expect((await call(mcp, "precedent_wallet")).structuredContent).toMatchObject({ balance_usd: "1.999", spent_usd: "0.001", cap_left_usd: "1.999" });
    expect(await service().embedded!.balanceOf(address)).toBe(1_999_000n);

    // An unknown ticker: near matches, not charged.
    const unknown = await call(mcp, "get_latest_price", { ticker: "APPL" });
    expect(unknown.isError).toBe(true);
    expect(resultText(unknown)).toContain("Near matches: instead of APPL, perhaps AAPL");
    expect(unknown._meta!["precedent/payment"]).toMatchObject({ charged: false, summary: "not charged: the service answered HTTP 404 and settled no payment" });
    expect((await call(mcp, "precedent_wallet")).structuredContent).toMatchObject({ spent_usd: "0.001" });
  });

  it("advises an unfunded wallet instead of dumping the 402, and says plainly that nothing was charged", async () => {
    const key = generatePrivateKey();
    const mcp = await start({ WALLET_PRIVATE_KEY: key });
    const result = await call(mcp, "get_latest_price", { ticker: "AAPL" });
    expect(result.isError).toBe(true);
    const text = resultText(result);
    expect(text).toContain("the service refused the payment of $0.001");
    expect(text).toContain("Nothing was charged");
    expect(text).toContain(`call dev_faucet with address ${privateKeyToAccount(key).address}`);
    expect(text).not.toContain('"x402Version"');
    expect(result._meta!["precedent/payment"]).toMatchObject({ charged: false, summary: expect.stringMatching(/^not charged: the service rejected the payment/) });
    const wallet = (await call(mcp, "precedent_wallet")).structuredContent as { balance_usd: string | null; spent_usd: string; advice: string };
    expect(wallet.spent_usd).toBe("0.00");
    expect(wallet.advice).toContain("dev_faucet");
  });

  it("lists resources and prompts, and reads them", async () => {
    const mcp = await startDefault();
    const { resources } = await mcp.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(["precedent://openapi.json", "precedent://track-record", "precedent://docs/how-to-read", "precedent://docs/statistics", "precedent://docs/mcp"]);
    const { resourceTemplates } = await mcp.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["precedent://tools/{name}"]);
    const text = async (uri: string) => ((await mcp.client.readResource({ uri })).contents[0] as { text: string }).text;
    expect(await text("precedent://docs/how-to-read")).toMatch(/^## How to read these numbers\n[\s\S]*excess_over_baseline/);
    expect(JSON.parse(await text("precedent://openapi.json"))).toMatchObject({ openapi: expect.stringMatching(/^3\.1/) });
    // Served by the track-record work where it is merged; a deployment without it is said plainly.
    expect(await text("precedent://track-record")).toMatch(/^\{|is not served by this deployment \(HTTP 404\)|is a paid route/);
    const doc = await text("precedent://tools/get_patterns");
    expect(doc).toContain("# get_patterns");
    expect(doc).toContain("## Returns");

    const { prompts } = await mcp.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(["find_precedents", "size_position", "ask_precedent"]);
    const prompt = await mcp.client.getPrompt({ name: "find_precedents", arguments: { ticker: "SPY", start_date: "2020-02-19", end_date: "2020-03-24" } });
    expect((prompt.messages[0].content as { text: string }).text).toContain("get_patterns with ticker=SPY, start_date=2020-02-19, end_date=2020-03-24");
    await expect(mcp.client.getPrompt({ name: "size_position", arguments: { ticker: "SPY" } })).rejects.toThrow(/needs start_date, end_date/);
  });
});

if (!SHARED_PRESENT) console.warn(SHARED_MISSING_REASON);
