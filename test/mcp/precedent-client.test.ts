import { beforeAll, describe, expect, it } from "vitest";
import { findCatalogRoute, type CatalogRoute } from "../../src/contracts/route-catalog.js";
import { CallRefusedError, PrecedentClient } from "../../src/mcp/precedent-client.js";
import { SpendBudget } from "../../src/mcp/spend-budget.js";
import { loopbackService } from "../support/loopback-service.js";
import { SHARED_MISSING_REASON, SHARED_PRESENT } from "../support/shared-paths.js";
import { createTestPayer, type TestPayer } from "../support/test-payer.js";

/** The latest-price route as if its price were only known from the 402 (as for dynamically priced routes). */
const quotedOnly: CatalogRoute = { ...findCatalogRoute("get_latest_price"), price: { kind: "dynamic", rule: "quoted by the 402" } };

describe.skipIf(!SHARED_PRESENT)("PrecedentClient: the 402's amount against the spend budget", () => {
  const { service, base } = loopbackService();
  let payer: TestPayer;

  beforeAll(async () => {
    payer = await createTestPayer(service(), 1_000_000n);
  });

  it("refuses in onBeforePaymentCreation when the quoted amount passes the per-call cap, signing nothing", async () => {
    const budget = new SpendBudget(1_000_000n, 500n);
    const client = new PrecedentClient(base(), payer.account, budget);
    const before = await payer.balance();
    await expect(client.call(quotedOnly, { ticker: "AAPL" })).rejects.toThrow(
      new CallRefusedError("get_latest_price was not paid: the call costs $0.001, above the per-call cap MCP_MAX_PRICE_USD=$0.0005."),
    );
    expect(budget.spent).toBe(0n);
    expect(await payer.balance()).toBe(before);
  });

  it("counts settled payments and releases the reservation when the service settles nothing", async () => {
    const budget = new SpendBudget(2_000n, undefined);
    const client = new PrecedentClient(base(), payer.account, budget);
    const before = await payer.balance();
    const served = await client.call(quotedOnly, { ticker: "AAPL" });
    expect([served.status, served.payment?.settled, budget.spent]).toEqual([200, true, 1000n]);
    const unknown = await client.call(quotedOnly, { ticker: "ZZZZQ" });
    expect([unknown.status, unknown.payment?.settled, budget.spent]).toEqual([404, false, 1000n]);
    // Only because the failed call's reservation was released does a second paid call fit the $0.002 budget.
    expect((await client.call(quotedOnly, { ticker: "MSFT" })).status).toBe(200);
    expect(budget.spent).toBe(2000n);
    await expect(client.call(quotedOnly, { ticker: "AAPL" })).rejects.toThrow(/spent \$0\.002 of its MCP_MAX_SPEND_USD=\$0\.002/);
    expect(before - (await payer.balance())).toBe(2000n);
  });
});

if (!SHARED_PRESENT) console.warn(SHARED_MISSING_REASON);
