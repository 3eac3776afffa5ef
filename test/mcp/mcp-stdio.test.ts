import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, it } from "vitest";
import { getPatternsContract } from "../../src/contracts/patterns/get-patterns.js";
import { ROUTE_CATALOG } from "../../src/contracts/route-catalog.js";
import { RequestLog } from "../../src/storage/repos/request-log.js";
import { loopbackService } from "../support/loopback-service.js";
import { closedLoopbackPort, resultText, spawnMcp, type SpawnedMcp } from "../support/mcp-harness.js";
import { SHARED_MISSING_REASON, SHARED_PRESENT } from "../support/shared-paths.js";

type Meta = { "precedent/signature": Record<string, any>; "precedent/payment": Record<string, any> | null };

const call = async (mcp: SpawnedMcp, name: string, args: Record<string, unknown>) =>
  (await mcp.client.callTool({ name, arguments: args })) as CallToolResult & { _meta: Meta };

/** The primary operationIds of the service's own OpenAPI document: what it mounts. */
/** Operations that answer a body (a 302 redirect such as /api/discover/go is not a tool: it leads to a third party's site). */
async function mountedOperationIds(baseUrl: string): Promise<string[]> {
  const document = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
  };
  return Object.values(document.paths)
    .flatMap((operations) => Object.values(operations).filter((op) => op.responses["200"] !== undefined).map((op) => op.operationId))
    .filter((id) => !/_via_(get|post)$/.test(id))
    .sort();
}

describe.skipIf(!SHARED_PRESENT)("precedent-mcp over stdio, against an embedded-mode service", () => {
  const { service, base } = loopbackService();
  const spawned: SpawnedMcp[] = [];
  afterAll(async () => {
    for (const mcp of spawned) await mcp.close();
  });

  const start = async (env: Record<string, string>, clientName?: string) => {
    const mcp = await spawnMcp({ PRECEDENT_URL: base(), ...env }, clientName);
    spawned.push(mcp);
    return mcp;
  };
  /** A fresh wallet holding `usd` test USDC on the service's embedded chain. */
  const fundedWallet = async (usd: number) => {
    const key = generatePrivateKey();
    const address = privateKeyToAccount(key).address;
    await service().embedded!.mintUsdc(address, BigInt(Math.round(usd * 1e6)));
    return { key, balance: () => service().embedded!.balanceOf(address) };
  };

  it("offers exactly the mounted routes as tools with MCP_TOOLSETS=all, described from the contracts", async () => {
    const mcp = await start({ MCP_TOOLSETS: "all" });
    const { tools } = await mcp.client.listTools();
    const mounted = await mountedOperationIds(base());
    expect(tools.map((t) => t.name).sort()).toEqual([...mounted, "enable_toolset", "list_toolsets", "precedent_wallet"].sort());
    expect(mounted).toEqual(expect.arrayContaining(["get_latest_price", "get_patterns", "verify_signature", "dev_faucet"]));
    // Catalog rows not mounted here are not offered (route-and-fulfil needs ROUTE_WALLET_PRIVATE_KEY, unset here).
    const unmounted = ROUTE_CATALOG.map((r) => r.operationId).filter((id) => !mounted.includes(id));
    expect(unmounted).toEqual(expect.arrayContaining(["api_route"]));

    const patterns = tools.find((t) => t.name === "get_patterns")!;
    expect(patterns.description).toContain("$0.05 per call.");
    expect(patterns.description).toContain("Details: precedent://tools/get_patterns");
    const doc = await mcp.client.readResource({ uri: "precedent://tools/get_patterns" });
    expect((doc.contents[0] as { text: string }).text).toContain(getPatternsContract.description);
    expect(Object.keys(patterns.inputSchema.properties ?? {}).sort()).toEqual(Object.keys(getPatternsContract.params.shape).sort());
    expect(Object.keys(patterns.outputSchema?.properties ?? {}).sort()).toEqual(Object.keys(getPatternsContract.response.shape).sort());
    expect(tools.find((t) => t.name === "verify_signature")!.description).toContain("Free.");
    expect(tools.find((t) => t.name === "get_latest_price")!.annotations?.readOnlyHint).toBe(true);
    expect(tools.find((t) => t.name === "dev_faucet")!.annotations?.readOnlyHint).toBe(false);
  });

  it("without a wallet, free tools work and paid tools explain how to add one", async () => {
    const mcp = await start({}, "claude-code");
    const check = await call(mcp, "verify_signature", { body: "{}", sig: `0x${"ab".repeat(65)}` });
    expect(check.isError).toBeFalsy();
    expect(check.structuredContent).toMatchObject({ valid: false, signer: service().signer.address });
    expect(check._meta["precedent/signature"].verified).toBe(true);
    expect(check._meta["precedent/payment"]).toEqual({ charged: false, summary: "not charged: a free tool" });
    // The host's name travels in User-Agent, so the demand reports see which agent ecosystem called.
    const logged = (await new RequestLog(service().database.db).since(0)).filter((e) => e.path === "/verify_signature");
    expect(logged.map((e) => e.ecosystem)).toContain("anthropic");

    // Hosts that send null for unset optional parameters get the defaults (the faucet mints its default 1 USDC).
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const minted = await call(mcp, "dev_faucet", { address, amount: null });
    expect(minted.structuredContent).toMatchObject({ address, minted_usd: 1 });

    const paid = await call(mcp, "get_latest_price", { ticker: "AAPL" });
    expect(paid.isError).toBe(true);
    expect(resultText(paid)).toMatch(/no wallet is configured.*WALLET_PRIVATE_KEY/s);
  });

  it("pays for a paid tool, verifies the signature and returns the receipt", async () => {
    const wallet = await fundedWallet(1);
    const mcp = await start({ WALLET_PRIVATE_KEY: wallet.key });
    const before = await wallet.balance();
    const result = await call(mcp, "get_latest_price", { ticker: "AAPL" });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ ticker: "AAPL", date: "2024-12-06", close: 242.839996, change_pct: expect.any(Number), cached: false });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
    const signature = result._meta["precedent/signature"];
    expect(signature).toMatchObject({ verified: true, status: "valid", signer: service().signer.address });
    const receipt = result._meta["precedent/payment"]!;
    expect(receipt).toMatchObject({ amount_usd: "0.001", amount_atomic: "1000", settled: true, network: "eip155:8453", payer: privateKeyToAccount(wallet.key).address });
    expect(receipt.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(resultText(result)).toContain(`transaction ${receipt.transaction}`);
    expect(before - (await wallet.balance())).toBe(1000n);

    // The exact text and signature handed back prove the body to anyone: the free verify tool agrees.
    const proof = await call(mcp, "verify_signature", { body: (result.content[0] as { text: string }).text, sig: signature.signature });
    expect(proof.structuredContent).toMatchObject({ valid: true });
    // A year of bars is too long for a query string: the body goes as JSON and still verifies byte for byte.
    const year = await call(mcp, "get_price_history", { ticker: "MSFT", start_date: "2024-01-01", end_date: "2024-12-31" });
    const yearText = (year.content[0] as { text: string }).text;
    expect(yearText.length).toBeGreaterThan(10_000);
    const yearProof = await call(mcp, "verify_signature", { body: yearText, sig: year._meta["precedent/signature"].signature });
    expect(yearProof.structuredContent).toMatchObject({ valid: true });
    expect(before - (await wallet.balance())).toBe(6000n);
  });

  it("refuses a call above MCP_MAX_PRICE_USD before paying", async () => {
    const wallet = await fundedWallet(1);
    const mcp = await start({ WALLET_PRIVATE_KEY: wallet.key, MCP_MAX_PRICE_USD: "0.01" });
    const before = await wallet.balance();
    const refused = await call(mcp, "get_patterns", getPatternsContract.example.params);
    expect(refused.isError).toBe(true);
    expect(resultText(refused)).toContain("above the per-call cap MCP_MAX_PRICE_USD=$0.01");
    expect(await wallet.balance()).toBe(before);
    // Cheaper calls still go through.
    expect((await call(mcp, "get_latest_price", { ticker: "MSFT" })).isError).toBeFalsy();
    expect(before - (await wallet.balance())).toBe(1000n);
  });

  it("stops paying at MCP_MAX_SPEND_USD for the process", async () => {
    const wallet = await fundedWallet(1);
    const mcp = await start({ WALLET_PRIVATE_KEY: wallet.key, MCP_MAX_SPEND_USD: "0.006" });
    const before = await wallet.balance();
    expect((await call(mcp, "get_latest_price", { ticker: "AAPL" })).isError).toBeFalsy();
    const history = await call(mcp, "get_price_history", { ticker: "AAPL", start_date: "2024-11-01", end_date: "2024-11-30" });
    expect(history.isError).toBeFalsy();
    expect(resultText(history)).toContain("spent $0.006 of $0.006 this session");
    const refused = await call(mcp, "get_latest_price", { ticker: "AAPL" });
    expect(refused.isError).toBe(true);
    expect(resultText(refused)).toContain("has spent $0.006 of its MCP_MAX_SPEND_USD=$0.006 budget");
    expect(before - (await wallet.balance())).toBe(6000n);
  });

  it("answers bad arguments and service errors with isError results, charging nothing", async () => {
    const wallet = await fundedWallet(1);
    const mcp = await start({ WALLET_PRIVATE_KEY: wallet.key });
    const before = await wallet.balance();
    const missing = await call(mcp, "get_latest_price", {});
    expect(missing.isError).toBe(true);
    expect(resultText(missing)).toContain("VALIDATION_FAILED: Invalid parameters: ticker is required");
    const badDate = await call(mcp, "get_price_history", { ticker: "AAPL", start_date: "2024-02-30", end_date: "2024-03-10" });
    expect(resultText(badDate)).toContain("start_date must be a real calendar date in YYYY-MM-DD form");
    const unknown = await call(mcp, "get_latest_price", { ticker: "ZZZZQ" });
    expect(unknown.isError).toBe(true);
    expect(resultText(unknown)).toContain("UNKNOWN_TICKER (HTTP 404)");
    expect(resultText(unknown)).toContain("Payment: not charged");
    expect(await wallet.balance()).toBe(before);
    // The server survived all of it.
    expect((await call(mcp, "get_latest_price", { ticker: "AAPL" })).isError).toBeFalsy();
  });

  it("funds its wallet from the faucet with PRECEDENT_DEV_FUND=1, up to the session budget", async () => {
    const key = generatePrivateKey();
    const mcp = await start({ WALLET_PRIVATE_KEY: key, PRECEDENT_DEV_FUND: "1", MCP_MAX_SPEND_USD: "2.5" });
    await mcp.client.listTools();
    expect(await service().embedded!.balanceOf(privateKeyToAccount(key).address)).toBe(2_500_000n);
    expect(mcp.log()).not.toContain(key.slice(2));
  });

  it("reports a service that is down as a clear error", async () => {
    const mcp = await start({ PRECEDENT_URL: `http://127.0.0.1:${await closedLoopbackPort()}`, WALLET_PRIVATE_KEY: generatePrivateKey() });
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name)).toContain("get_latest_price");
    for (const name of ["get_latest_price", "verify_signature"]) {
      const args = name === "verify_signature" ? { body: "{}", sig: `0x${"ab".repeat(65)}` } : { ticker: "AAPL" };
      const result = await call(mcp, name, args);
      expect(result.isError).toBe(true);
      expect(resultText(result)).toMatch(/The Precedent service at http:\/\/127\.0\.0\.1:\d+ is not reachable \(.*ECONNREFUSED.*\)\..*PRECEDENT_URL/s);
    }
  });
});

if (!SHARED_PRESENT) console.warn(SHARED_MISSING_REASON);
