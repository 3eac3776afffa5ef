import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findCatalogRoute } from "../../src/contracts/route-catalog.js";
import { CallRefusedError, PrecedentClient } from "../../src/mcp/precedent-client.js";
import { SpendBudget } from "../../src/mcp/spend-budget.js";
import { routeHarness } from "../support/route-harness.js";
import { SHARED_MISSING_REASON, SHARED_PRESENT } from "../support/shared-paths.js";
import { startLoopback, type LoopbackServer } from "../support/start-loopback.js";

/**
 * The MCP client on a really dynamic route (/api/route, quoted from a seller's 402): the 402's amount is
 * checked against both spend caps before anything is signed, whatever the caps are.
 */
describe.skipIf(!SHARED_PRESENT)("PrecedentClient budgets a dynamically priced route from its 402", () => {
  const h = routeHarness();
  let loopback: LoopbackServer;
  beforeAll(async () => {
    loopback = await startLoopback(h().service);
  });
  afterAll(async () => loopback?.close());

  const route = findCatalogRoute("api_route");
  const args = () => ({ url: `${h().seller.baseUrl}/weather`, params: { city: "Quito" } });

  it("refuses, unsigned, a quote above the per-call cap or above the whole session budget", async () => {
    const { payer, seller } = h();
    const before = await payer.balance();
    const servedBefore = seller.served;
    for (const [budget, reason] of [
      [new SpendBudget(1_000_000n, 10_000n), "the call costs $0.0105, above the per-call cap MCP_MAX_PRICE_USD=$0.01"],
      // Above the total too: refused by our budget with its reason, not by the stock client's own cap.
      [new SpendBudget(5_000n, undefined), "the call costs $0.0105 and this session has spent $0.00 of its MCP_MAX_SPEND_USD=$0.005 budget"],
    ] as const) {
      const client = new PrecedentClient(loopback.baseUrl, payer.account, budget);
      const refused = await client.call(route, args()).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(CallRefusedError);
      expect((refused as Error).message).toContain(reason);
      expect(budget.spent).toBe(0n);
    }
    expect(await payer.balance()).toBe(before);
    expect(seller.served).toBe(servedBefore);
  });

  it("pays the quoted amount and counts it against the budget", async () => {
    const { payer } = h();
    const budget = new SpendBudget(1_000_000n, 20_000n);
    const reply = await new PrecedentClient(loopback.baseUrl, payer.account, budget).call(route, args());
    expect([reply.status, reply.payment?.amount_atomic, reply.payment?.settled, budget.spent]).toEqual([200, "10500", true, 10_500n]);
    expect((reply.body as { seller: { body: unknown } }).seller.body).toEqual({ city: "Quito", temperature_c: 11.5 });
  });
});

if (!SHARED_PRESENT) console.warn(SHARED_MISSING_REASON);
