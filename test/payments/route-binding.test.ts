import { describe, expect, it } from "vitest";
import { SettlementLedger } from "../../src/storage/repos/settlement-ledger.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { suiteService } from "../support/suite-service.js";
import { createTestPayer, decodeHeader } from "../support/test-payer.js";

type Payload = { resource?: { url: string }; extensions?: Record<string, { info: { input: Record<string, unknown> } }>; payload: { authorization: { nonce: string } } };

const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString("base64");
const RAW = "/get_patterns_raw?ticker=AAPL&start_date=2024-10-01&end_date=2024-10-08&k=1";
const WITH_SUMMARY = "/get_patterns?ticker=AAPL&start_date=2024-10-01&end_date=2024-10-08&k=1";

/**
 * A payment is bound to the route it was quoted for (issue 34.5): real payments from the stock x402 client on
 * the embedded chain, verified and settled by the service's own facilitator.
 */
describe.skipIf(!SHARED_PRESENT)("payments bound to their route", () => {
  const service = suiteService();
  const claimsOf = async (nonce: string) =>
    (await service().database.db.selectFrom("payment_claims").select("state").where("nonce", "=", nonce.toLowerCase()).execute()).map((r) => r.state);

  it("refuses a payment made out for /get_patterns_raw on /get_patterns (same price), uncharged and unclaimed", async () => {
    const payer = await createTestPayer(service());
    // Hand-built as in the report: the stock payment for the other route, without the echoed extensions.
    const { extensions: _dropped, ...forRaw } = decodeHeader<Payload>(await payer.paymentFor(RAW));
    expect(forRaw.resource?.url).toBe("http://precedent.test/get_patterns_raw");

    const refused = await service().app.request(WITH_SUMMARY, { method: "POST", headers: { "PAYMENT-SIGNATURE": encode(forRaw) } });
    expect(refused.status).toBe(402);
    expect(decodeHeader<{ error: string }>(refused.headers.get("payment-required")).error).toBe("payment_resource_mismatch");
    expect(((await refused.json()) as { error: string }).error).toBe("payment_resource_mismatch");
    expect(await payer.balance()).toBe(10_000_000n);
    expect(await claimsOf(forRaw.payload.authorization.nonce)).toEqual([]);

    // Still good for what it was made out for: nothing was claimed on the wrong route.
    const paid = await service().app.request(RAW, { method: "POST", headers: { "PAYMENT-SIGNATURE": encode(forRaw) } });
    expect(paid.status).toBe(200);
    expect(await payer.balance()).toBe(10_000_000n - 50_000n);
  });

  it("refuses a payment that names no resource (it cannot be bound to any route)", async () => {
    const payer = await createTestPayer(service());
    const { extensions: _e, resource: _r, ...bare } = decodeHeader<Payload>(await payer.paymentFor(WITH_SUMMARY));
    const refused = await service().app.request(WITH_SUMMARY, { method: "POST", headers: { "PAYMENT-SIGNATURE": encode(bare) } });
    expect(refused.status).toBe(402);
    expect(decodeHeader<{ error: string }>(refused.headers.get("payment-required")).error).toBe("payment_resource_missing");
    expect(await payer.balance()).toBe(10_000_000n);
  });

  it("accepts a payment quoted with POST and sent with GET (the contract serves both), charged once", async () => {
    const payer = await createTestPayer(service());
    const header = await payer.paymentFor("/get_latest_price?ticker=AAPL", "POST");
    expect(decodeHeader<Payload>(header).extensions?.bazaar.info.input.method).toBe("POST");
    const res = await service().app.request("/get_latest_price?ticker=AAPL", { method: "GET", headers: { "PAYMENT-SIGNATURE": header } });
    expect(res.status).toBe(200);
    const { transaction } = decodeHeader<{ transaction: string }>(res.headers.get("payment-response"));
    expect(await payer.balance()).toBe(10_000_000n - 1_000n);
    expect((await new SettlementLedger(service().database.db).settledCountByTransaction()).get(transaction)).toBe(1);
    // And the other way round.
    const back = await payer.paymentFor("/get_latest_price?ticker=AAPL", "GET");
    const viaPost = await service().app.request("/get_latest_price?ticker=AAPL", { method: "POST", headers: { "PAYMENT-SIGNATURE": back } });
    expect(viaPost.status).toBe(200);
    expect(await payer.balance()).toBe(10_000_000n - 2_000n);
  });

  it("still refuses an echo that was not what either method advertised", async () => {
    const payer = await createTestPayer(service());
    const payment = decodeHeader<Payload>(await payer.paymentFor("/get_latest_price?ticker=AAPL", "POST"));
    payment.extensions!.bazaar.info.input.body = { ticker: "MSFT", injected: true };
    const res = await service().app.request("/get_latest_price?ticker=AAPL", { method: "GET", headers: { "PAYMENT-SIGNATURE": encode(payment) } });
    expect(res.status).toBe(402);
    expect(decodeHeader<{ error: string }>(res.headers.get("payment-required")).error).toBe("extension_echo_mismatch");
    expect(await payer.balance()).toBe(10_000_000n);
  });
});
